import * as assert from 'node:assert/strict';
import type { FileFacts } from '../../../src/extract/facts';
import { extractPython, py } from './helpers';

function routeLines(facts: FileFacts): string[] {
  return facts.routes.map((r) => {
    const handler = r.handler === null ? 'null'
      : r.handler.form === 'member' ? `${r.handler.object}.${r.handler.property}` : r.handler.name;
    return `${r.line}:${r.col} ${r.framework} ${r.method} ${r.path} -> ${handler} in '${r.registeredIn}'`;
  });
}

describe('extract/python routes', () => {
  it('reads Flask routes: one per method, GET by default, blueprint prefixes, class views', async () => {
    const facts = await extractPython(py(
      'from flask import Flask, Blueprint',
      'app = Flask(__name__)',
      'users = Blueprint("users", __name__, url_prefix="/users")',
      '@app.route("/")',
      'def index():',
      '    pass',
      '@users.route("/<int:user_id>", methods=["GET", "post"])',
      'def user(user_id):',
      '    pass',
      '@users.delete("/<int:user_id>")',
      'def remove(user_id):',
      '    pass',
      '@app.route("/dynamic", methods=ALLOWED)',
      'def dynamic():',
      '    pass',
      'class UserView:',
      '    @app.get(rule="/view")',
      '    def get(self):',
      '        pass',
      '@app.route(f"/{name}")',
      'def skipped():',
      '    pass',
      'def create_app():',
      '    inner = Flask(__name__)',
      '    @inner.route("/health")',
      '    def health():',
      '        pass',
      '@users.route("/pets")',
      'class Pets(MethodView):',
      '    pass',
    ));
    assert.deepEqual(routeLines(facts), [
      "4:1 flask GET / -> index in ''",
      "7:1 flask GET /users/{user_id} -> user in ''",
      "7:1 flask POST /users/{user_id} -> user in ''",
      "10:1 flask DELETE /users/{user_id} -> remove in ''",
      "13:1 flask ANY /dynamic -> dynamic in ''",
      "17:5 flask GET /view -> UserView.get in 'UserView'",
      "25:5 flask GET /health -> create_app>health in 'create_app'",
      "28:1 flask ANY /users/pets -> Pets in ''",
    ]);
    assert.equal(facts.routes[0]?.mappingType, 'http_route');
  });

  it('reads FastAPI routes with APIRouter prefixes', async () => {
    const facts = await extractPython(py(
      'from fastapi import APIRouter, FastAPI',
      'app = FastAPI()',
      'router = APIRouter(prefix="/items", tags=["items"])',
      '@app.get("/health")',
      'async def health():',
      '    pass',
      '@router.get("/{item_id}")',
      'async def read_item(item_id: int):',
      '    pass',
      '@router.post("/")',
      'async def create_item():',
      '    pass',
      '@router.api_route("/bulk", methods=["PUT", "PATCH"])',
      'async def bulk():',
      '    pass',
      '@router.route("/legacy")',
      'async def legacy():',
      '    pass',
    ));
    assert.deepEqual(routeLines(facts), [
      "4:1 fastapi GET /health -> health in ''",
      "7:1 fastapi GET /items/{item_id} -> read_item in ''",
      "10:1 fastapi POST /items/ -> create_item in ''",
      "13:1 fastapi PUT /items/bulk -> bulk in ''",
      "13:1 fastapi PATCH /items/bulk -> bulk in ''",
    ]);
  });

  it('needs the framework import, and the router kind to pick between two', async () => {
    const decorated = ['@app.get("/a")', 'def a():', '    pass'];
    assert.deepEqual((await extractPython(py(...decorated))).routes, []);
    assert.deepEqual(routeLines(await extractPython(py('from . import app', 'import flask.json', ...decorated))), [
      "3:1 flask GET /a -> a in ''",
    ]);
    const notRouter = py('from flask import Flask', 'from cachelib import Cache', 'app = Cache()', ...decorated);
    assert.deepEqual((await extractPython(notRouter)).routes, []);
    const both = ['import flask', 'import fastapi', ...decorated];
    assert.deepEqual((await extractPython(py(...both))).routes, []);
    assert.deepEqual(routeLines(await extractPython(py('import flask', 'import fastapi', 'app = fastapi.FastAPI()', ...decorated))), [
      "4:1 fastapi GET /a -> a in ''",
    ]);
  });

  it('reads Django urlpatterns in urls.py, skipping include()', async () => {
    const facts = await extractPython(py(
      'from django.urls import include, path, re_path',
      'from . import views',
      'from .views import UserDetail, home',
      'urlpatterns = [',
      '    path("", home),',
      '    path("users/<int:pk>/", views.user_detail, name="detail"),',
      '    path("profile/<slug:slug>/", UserDetail.as_view()),',
      '    path("admin-view/", views.AdminView.as_view()),',
      '    re_path(r"^articles/(?P<year>[0-9]{4})/(?P<slug>[\\w-]+)/$", views.article),',
      '    path("api/", include("api.urls")),',
      '    path(PREFIX, views.skipped),',
      ']',
      'urlpatterns += [path("late/", views.late)]',
    ), 'shop/urls.py');
    assert.deepEqual(routeLines(facts), [
      "5:4 django ANY / -> home in ''",
      "6:4 django ANY /users/{pk}/ -> views.user_detail in ''",
      "7:4 django ANY /profile/{slug}/ -> UserDetail in ''",
      "8:4 django ANY /admin-view/ -> views.AdminView in ''",
      "9:4 django ANY /articles/{year}/{slug}/ -> views.article in ''",
      "13:16 django ANY /late/ -> views.late in ''",
    ]);
    assert.deepEqual(facts.routes[1]?.handler, { form: 'member', object: 'views', property: 'user_detail' });
    assert.deepEqual(facts.routes[2]?.handler, { form: 'name', name: 'UserDetail' });
  });

  it('ignores urlpatterns outside a URL configuration', async () => {
    const facts = await extractPython(py('urlpatterns = [path("x/", view)]'), 'app/helpers.py');
    assert.deepEqual(facts.routes, []);
  });
});
