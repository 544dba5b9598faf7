import * as path from 'node:path';
import { tuneV8ForIndexing } from '../v8Tuning';
import { runBundleWithCodeCache } from './codeCache';

// The `ckg` executable: a small launcher that runs the CLI bundle (dist/cliMain.js, built
// from cliMain.ts) through V8's code cache, so a short run does not compile 6 MB first.
tuneV8ForIndexing();
runBundleWithCodeCache(path.join(__dirname, 'cliMain.js'));
