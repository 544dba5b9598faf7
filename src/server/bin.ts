import { tuneV8ForIndexing } from '../v8Tuning';
import { runServer } from './main';

tuneV8ForIndexing();
runServer();
