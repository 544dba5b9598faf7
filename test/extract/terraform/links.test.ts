import * as assert from 'node:assert/strict';
import { linkRepo } from '../../helpers/linkRepo';
import { extractTf, linkLine, tf } from './helpers';

describe('extract/terraform links and imports', () => {
  it('links a block to every address its expressions and depends_on name, once each', async () => {
    const facts = await extractTf(tf(
      'resource "aws_lambda_function" "worker" {',
      '  role     = aws_iam_role.worker.arn',
      '  ami      = data.aws_ami.ubuntu.id[0]',
      '  subnets  = module.vpc.private_subnets[*]',
      '  name     = "${local.prefix}-worker"',
      '  region   = var.region',
      '  again    = aws_iam_role.worker.name',
      '  count    = length(var.zones) > 0 ? 1 : 0',
      '  depends_on = [aws_iam_role_policy.p, module.vpc]',
      '}',
    ));
    assert.deepEqual(facts.links!.map(linkLine), [
      'depends_on aws_lambda_function.worker -> tf:infra:aws_iam_role.worker @2:13',
      'depends_on aws_lambda_function.worker -> tf:infra:data.aws_ami.ubuntu @3:13',
      'depends_on aws_lambda_function.worker -> tf:infra:module.vpc @4:13',
      'depends_on aws_lambda_function.worker -> tf:infra:local.prefix @5:16',
      'depends_on aws_lambda_function.worker -> tf:infra:var.region @6:13',
      'depends_on aws_lambda_function.worker -> tf:infra:var.zones @8:20',
      'depends_on aws_lambda_function.worker -> tf:infra:aws_iam_role_policy.p @9:16',
    ]);
  });

  it('reads references in heredocs, template directives, for expressions and dynamic blocks', async () => {
    const facts = await extractTf(tf(
      'resource "aws_sqs_queue_policy" "p" {',
      '  policy = <<EOT',
      '{"Resource": "${aws_sqs_queue.q.arn}" %{ if var.strict }, "x": 1%{ endif }}',
      'EOT',
      '  tags = { for k, v in local.tags : k => upper(v) }',
      '  dynamic "rule" {',
      '    for_each = var.rules',
      '    content { name = rule.value.name }',
      '  }',
      '  endpoint = each.value',
      '  index    = count.index',
      '  me       = self.id',
      '  cwd      = path.module',
      '}',
    ));
    assert.deepEqual(facts.links!.map(linkLine), [
      'depends_on aws_sqs_queue_policy.p -> tf:infra:aws_sqs_queue.q @3:16',
      'depends_on aws_sqs_queue_policy.p -> tf:infra:var.strict @3:44',
      'depends_on aws_sqs_queue_policy.p -> tf:infra:local.tags @5:23',
      'depends_on aws_sqs_queue_policy.p -> tf:infra:var.rules @7:15',
    ]);
  });

  it('links a local value from itself, and skips a block naming itself', async () => {
    const facts = await extractTf(tf(
      'locals {',
      '  prefix = "shop-${var.env}"',
      '  tags   = { Name = local.prefix }',
      '}',
      'variable "n" {',
      '  validation {',
      '    condition     = var.n > 0',
      '    error_message = "positive"',
      '  }',
      '}',
    ));
    assert.deepEqual(facts.links!.map(linkLine), [
      'depends_on local.prefix -> tf:infra:var.env @2:19',
      'depends_on local.tags -> tf:infra:local.prefix @3:20',
    ]);
  });

  it('imports a module source as written, only when it is a plain string', async () => {
    const facts = await extractTf(tf(
      'module "queue" {',
      '  source = "./modules/queue"',
      '}',
      'module "vpc" {',
      '  source  = "terraform-aws-modules/vpc/aws"',
      '  version = "5.0.0"',
      '}',
      'module "dynamic" {',
      '  source = "${var.base}/x"',
      '}',
      'resource "x_y" "z" {',
      '  source = "./not-a-module"',
      '}',
    ));
    assert.deepEqual(facts.imports, [
      { line: 2, col: 11, source: './modules/queue', bindings: [] },
      { line: 5, col: 12, source: 'terraform-aws-modules/vpc/aws', bindings: [] },
    ]);
  });

  it('links a local module source to the module directory, and registry and git sources to placeholders', async () => {
    const files = await Promise.all([
      extractTf(tf(
        'module "queue" { source = "./modules/queue" }',
        'module "shared" { source = "../shared/" }',
        'module "vpc" { source = "terraform-aws-modules/vpc/aws" }',
        'module "dns" { source = "git::https://example.com/dns.git//zone?ref=v1" }',
        'module "gone" { source = "./modules/gone" }',
      ), 'infra/main.tf'),
      extractTf(tf('resource "aws_sqs_queue" "q" {}'), 'infra/modules/queue/main.tf'),
      extractTf(tf('variable "x" {}'), 'shared/variables.tf'),
    ]);
    assert.deepEqual(linkRepo(files).edges.filter((e) => e.startsWith('imports')).sort(), [
      'imports infra/main.tf -> UNRESOLVED/./modules/gone',
      'imports infra/main.tf -> UNRESOLVED/git::https://example.com/dns.git//zone?ref=v1',
      'imports infra/main.tf -> UNRESOLVED/terraform-aws-modules/vpc/aws',
      'imports infra/main.tf -> infra/modules/queue',
      'imports infra/main.tf -> shared',
    ]);
  });
});
