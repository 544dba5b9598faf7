import * as assert from 'node:assert/strict';
import { HEAVY_TEST_TIMEOUT_MS } from '../../helpers/extractSource';
import { fuzzExtractor } from '../../helpers/fuzz';
import { extractTf, tf } from './helpers';

const SAMPLE = tf(
  'variable "env" { type = string }',
  'locals { prefix = "shop-${var.env}" }',
  'module "queue" {',
  '  source = "./modules/queue"',
  '  name   = local.prefix',
  '}',
  'resource "aws_sqs_queue_policy" "p" {',
  '  queue_url = module.queue.url',
  '  policy = <<-EOT',
  '    {"Resource": "${module.queue.arn}" %{ for s in var.subs }${s}%{ endfor }}',
  '  EOT',
  '  dynamic "rule" {',
  '    for_each = { for k, v in var.rules : k => v if v != null }',
  '    content { name = rule.value }',
  '  }',
  '  depends_on = [module.queue]',
  '}',
  'output "url" { value = module.queue.url }',
);

/** A generated root module of about `bytes` characters: chains of queues and policies. */
function generatedModule(bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const part = tf(
      `resource "aws_sqs_queue" "q${i}" {`,
      `  name   = "q${i}-\${var.env}"`,
      `  policy = aws_sqs_queue.q${Math.max(i - 1, 0)}.arn`,
      '}',
    );
    parts.push(part);
    size += part.length;
  }
  return `variable "env" {}\n${parts.join('')}`;
}

describe('extract/terraform on nasty input', () => {
  it('keeps the blocks around a broken one and counts the errors', async () => {
    const facts = await extractTf(tf(
      'variable "env" {}',
      'resource "aws_sqs_queue" "a" {',
      '  name = var.env',
      '}',
      'resource "aws_sqs_queue" "broken" {',
      '  name = ',
      '  tags = {',
      '}',
      'output "url" { value = aws_sqs_queue.a.url }',
    ));
    assert.ok(facts.syntaxErrors > 0);
    const names = facts.symbols.map((s) => s.name);
    assert.ok(names.includes('var.env') && names.includes('aws_sqs_queue.a'), names.join(', '));
    assert.ok(facts.links!.some((l) => l.from.form === 'local' && l.from.name === 'aws_sqs_queue.a'));
  });

  it('handles empty files, comments only and a file cut off in a heredoc', async () => {
    const empty = await extractTf('');
    assert.deepEqual([empty.symbols, empty.imports, empty.links, empty.syntaxErrors], [[], [], [], 0]);
    const comments = await extractTf('# nothing\n// here\n/* either */\n');
    assert.deepEqual([comments.symbols.length, comments.syntaxErrors], [0, 0]);
    const cut = await extractTf('resource "a_b" "c" {\n  x = <<EOT\n${var.y}\n');
    assert.ok(cut.syntaxErrors > 0);
  });

  it('extracts a 2 MB generated module', async () => {
    const facts = await extractTf(generatedModule(2_000_000), 'gen/main.tf');
    assert.equal(facts.syntaxErrors, 0);
    const queues = facts.symbols.filter((s) => s.kind === 'queue').length;
    assert.ok(queues > 15_000, `queues: ${queues}`);
    assert.equal(facts.links!.length, queues * 2 - 1);
  }).timeout(HEAVY_TEST_TIMEOUT_MS);

  it('survives random bytes and unbalanced input', async () => {
    let seed = 7;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const garbage = Array.from({ length: 20_000 }, () => String.fromCharCode(Math.floor(random() * 0x3000))).join('');
    assert.ok((await extractTf(garbage)).syntaxErrors > 0);
    for (const source of ['resource "a" "b" {', '{'.repeat(5000), '"unterminated', 'x = <<EOT', 'locals {\n a = ${', '\u0000\u0001']) {
      await extractTf(source);
    }
  });

  it('never throws on 2000 mutated modules', async () => {
    await fuzzExtractor('infra/main.tf', [SAMPLE], 2000, 4242);
  });
});
