/**
 * Stamps one PDF off the server's main thread (a large book takes seconds): receives the bytes
 * (transferred, not copied) and the stamp, answers with the stamped bytes (transferred back).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { stampPdf, type Stamp } from './stamp-pdf.js';

const { bytes, stamp } = workerData as { bytes: Uint8Array; stamp: Omit<Stamp, 'soldAt'> & { soldAt: string } };
const stamped = await stampPdf(bytes, { ...stamp, soldAt: new Date(stamp.soldAt) });
parentPort!.postMessage(stamped, [stamped.buffer as ArrayBuffer]);
