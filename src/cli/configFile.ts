import * as fs from 'node:fs';
import { CKG_CONFIG_DEFAULTS, type CkgConfig, ConfigError, loadConfigFile } from '../runtime/config';
import { UsageError } from './args';

/** Read when --config is not given and it exists in the working directory. */
export const DEFAULT_CONFIG_FILE = 'ckg.config.yaml';

/** --config FILE, else ckg.config.yaml in the working directory when it exists, else the defaults. */
export function readConfig(option: string | true | undefined): CkgConfig {
  if (option === true) throw new UsageError('--config: expected a file');
  const file = option ?? (fs.existsSync(DEFAULT_CONFIG_FILE) ? DEFAULT_CONFIG_FILE : undefined);
  if (file === undefined) return CKG_CONFIG_DEFAULTS;
  try {
    return loadConfigFile(file);
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
}
