/**
 * A job runner in a process of its own, for `api/src/platform/jobs/jobs.test.ts`: it connects to the
 * database named by its first argument, declares the job named by its second, whose handler
 * never ends, and runs it with a 1 s lease — until the test kills it with SIGKILL, as a crashed
 * API process would die with a job in hand.
 */
import mongoose from 'mongoose';
import { createJobRunner, defineJob } from '../platform/jobs/index.js';
import type { TestJobName } from './testJobs.js';

const [uri, name] = process.argv.slice(2);
if (!uri || !name) throw new Error('usage: jobChild.ts <mongodb uri with database> <job name>');

await mongoose.connect(uri, { serverSelectionTimeoutMS: 15_000 });
defineJob(name as TestJobName, () => new Promise<void>(() => undefined), { leaseMs: 1_000 });
createJobRunner({ pollMs: 50 }).start();
console.log('runner started');
