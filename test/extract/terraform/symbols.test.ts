import * as assert from 'node:assert/strict';
import { extractTf, tf } from './helpers';

describe('extract/terraform symbols', () => {
  it('names each block by the address other blocks use for it', async () => {
    const facts = await extractTf(tf(
      '# The orders queue.',
      'resource "aws_sqs_queue" "orders" {',
      '  name = "orders"',
      '}',
      'data "aws_ami" "ubuntu" {}',
      'module "vpc" {',
      '  source = "./modules/vpc"',
      '}',
      'variable "region" {}',
      'output "url" { value = 1 }',
      'locals {',
      '  a = 1',
      '  b = "x"',
      '}',
      'ephemeral "random_password" "db" {}',
    ));
    assert.deepEqual(
      facts.symbols.map((s) => [s.name, s.kind, s.line, s.col, s.endLine, s.exported, s.keys]),
      [
        ['aws_sqs_queue.orders', 'queue', 2, 25, 4, false, ['tf:infra:aws_sqs_queue.orders']],
        ['data.aws_ami.ubuntu', 'resource', 5, 15, 5, false, ['tf:infra:data.aws_ami.ubuntu']],
        ['module.vpc', 'resource', 6, 7, 8, false, ['tf:infra:module.vpc']],
        ['var.region', 'variable', 9, 9, 9, true, ['tf:infra:var.region']],
        ['output.url', 'variable', 10, 7, 10, true, ['tf:infra:output.url']],
        ['local.a', 'constant', 12, 2, 12, false, ['tf:infra:local.a']],
        ['local.b', 'constant', 13, 2, 13, false, ['tf:infra:local.b']],
        ['ephemeral.random_password.db', 'resource', 15, 28, 15, false, ['tf:infra:ephemeral.random_password.db']],
      ],
    );
    const queue = facts.symbols[0]!;
    assert.equal(queue.signature, 'resource "aws_sqs_queue" "orders"');
    assert.equal(queue.doc, 'The orders queue.');
    assert.equal(facts.symbols[5]!.signature, 'a = 1');
    assert.equal(facts.syntaxErrors, 0);
  });

  it('gives queues and topics their own kinds, from an explicit list of types', async () => {
    const facts = await extractTf(tf(
      'resource "aws_sns_topic" "events" {}',
      'resource "google_pubsub_topic" "events" {}',
      'resource "aws_sqs_queue_policy" "p" {}',
      'resource "aws_batch_job_queue" "jobs" {}',
    ));
    assert.deepEqual(facts.symbols.map((s) => s.kind), ['topic', 'topic', 'resource', 'resource']);
  });

  it('keys the root module by `.` and ignores blocks that declare nothing', async () => {
    const facts = await extractTf(tf(
      'terraform { required_version = ">= 1.5" }',
      'provider "aws" { region = "eu-west-1" }',
      'moved {',
      '  from = aws_sqs_queue.a',
      '  to   = aws_sqs_queue.b',
      '}',
      'resource "aws_sqs_queue" "b" {}',
      'resource "aws_sqs_queue" {}',
    ), 'main.tf');
    assert.deepEqual(facts.symbols.map((s) => [s.name, s.keys]), [['aws_sqs_queue.b', ['tf:.:aws_sqs_queue.b']]]);
    assert.deepEqual(facts.links, []);
  });

  it('does not take nested blocks or their attributes for symbols', async () => {
    const facts = await extractTf(tf(
      'resource "aws_security_group" "sg" {',
      '  dynamic "ingress" {',
      '    for_each = [1]',
      '    content { from_port = ingress.value }',
      '  }',
      '  lifecycle { create_before_destroy = true }',
      '}',
      'module "m" {',
      '  source = "./m"',
      '  locals = { a = 1 }',
      '}',
    ));
    assert.deepEqual(facts.symbols.map((s) => s.name), ['aws_security_group.sg', 'module.m']);
  });
});
