import { openStore } from '../../src/store';
import { sharedPostgresCluster } from '../support/postgresCluster';
import { describeStoreContract } from './contract/storeContract';

// Each store the contract opens gets a fresh database of the test run's own cluster.
describeStoreContract('PostgreSQL', async () => openStore(await (await sharedPostgresCluster()).createDatabase()));
