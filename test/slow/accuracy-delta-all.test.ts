// δb with a shutdown hook in scope all (the case of test/unit/accuracy-delta.test.ts with the JDK
// instrumented: its exact run counts the whole JDK's start-up, so it runs in the slow suite).

import { hookTest } from '../helpers/accuracy-hooks';

hookTest('all');
