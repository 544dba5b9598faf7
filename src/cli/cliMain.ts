import { runCli } from './main';

runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr }).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`ckg: ${String(error)}\n`);
    process.exitCode = 1;
  },
);
