import * as path from 'node:path';
import { openStore } from '../../src/store';
import { makeTempDir } from '../helpers/tempDir';
import { describeStoreContract } from './contract/storeContract';

describeStoreContract('sql.js in memory', () => openStore(':memory:'));
describeStoreContract('sql.js on a graph file', () => openStore(path.join(makeTempDir(), 'graph.sqlite')));
