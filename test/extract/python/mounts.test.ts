import * as assert from 'node:assert/strict';
import { extractPython, py } from './helpers';

describe('extract/python route mounts', () => {
  it('reads FastAPI include_router: local, imported and module-member routers, with the including router\'s prefix', async () => {
    const facts = await extractPython(py(
      'from fastapi import APIRouter, FastAPI',
      'from app.items import router as items_router',
      'from app import admin',
      'import app.users as users',
      'app = FastAPI()',
      'api = APIRouter(prefix="/api")',
      'api.include_router(admin.router, prefix="/v2")',
      'app.include_router(api)',
      'app.include_router(items_router, prefix="/v1")',
      'app.include_router(users.router, prefix=PREFIX)',
      'cache.include_router(items_router)',
      '@api.get("/x")',
      'def x(): pass',
    ));
    assert.deepEqual(facts.routeMounts, [
      { line: 7, col: 4, source: 'app.admin', name: 'router', into: 'api', intoPrefix: '/api', prefix: '/v2', replacesOwnPrefix: false, framework: 'fastapi' },
      { line: 8, col: 4, source: '', name: 'api', into: 'app', intoPrefix: '', prefix: '', replacesOwnPrefix: false, framework: 'fastapi' },
      { line: 9, col: 4, source: 'app.items', name: 'router', into: 'app', intoPrefix: '', prefix: '/v1', replacesOwnPrefix: false, framework: 'fastapi' },
    ]);
    assert.deepEqual(facts.routes.map((r) => [r.path, r.router]), [['/api/x', { name: 'api', prefix: '/api' }]]);
  });

  it('reads Flask register_blueprint, whose url_prefix replaces the blueprint\'s own, also in an application factory', async () => {
    const facts = await extractPython(py(
      'from flask import Blueprint, Flask',
      'from .users import users',
      'from .admin import admin',
      'parent = Blueprint("parent", __name__, url_prefix="/p")',
      'parent.register_blueprint(admin)',
      'def create_app():',
      '    app = Flask(__name__)',
      '    app.register_blueprint(users, url_prefix="/people")',
      '    app.register_blueprint(parent)',
      '    return app',
    ));
    assert.deepEqual(facts.routeMounts, [
      { line: 5, col: 7, source: '.admin', name: 'admin', into: 'parent', intoPrefix: '/p', prefix: '', replacesOwnPrefix: false, framework: 'flask' },
      { line: 8, col: 8, source: '.users', name: 'users', into: '', intoPrefix: '', prefix: '/people', replacesOwnPrefix: true, framework: 'flask' },
      { line: 9, col: 8, source: '', name: 'parent', into: '', intoPrefix: '', prefix: '', replacesOwnPrefix: false, framework: 'flask' },
    ]);
  });

  it('reads Django include of a module named by a literal, under path and re_path prefixes', async () => {
    const facts = await extractPython(py(
      'from django.urls import include, path, re_path',
      'from . import views',
      'urlpatterns = [',
      '    path("api/", include("shop.api_urls")),',
      '    re_path(r"^v1/", include("shop.v1_urls", namespace="v1")),',
      '    path("admin/", include(admin_urls)),',
      '    path("", views.index),',
      ']',
    ), 'shop/urls.py');
    assert.deepEqual(facts.routeMounts, [
      { line: 4, col: 4, source: 'shop.api_urls', name: 'urlpatterns', into: 'urlpatterns', intoPrefix: '', prefix: 'api/', replacesOwnPrefix: false, framework: 'django' },
      { line: 5, col: 4, source: 'shop.v1_urls', name: 'urlpatterns', into: 'urlpatterns', intoPrefix: '', prefix: 'v1/', replacesOwnPrefix: false, framework: 'django' },
    ]);
    assert.deepEqual(facts.routes.map((r) => [r.path, r.router]), [['/', { name: 'urlpatterns', prefix: '' }]]);
  });

  it('has no mounts without a web framework imported', async () => {
    const facts = await extractPython(py('app.include_router(router, prefix="/v1")'));
    assert.equal(facts.routeMounts, undefined);
  });
});
