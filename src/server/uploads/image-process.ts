/**
 * A process of the image pool (image-pool.ts): takes one task at a time over IPC, answers it, and
 * is killed by the pool when a task runs out of time.
 */
import processImage, {
  ogCrop,
  type OgCropInput,
  type ProcessImageInput,
  type ProcessImageResult,
} from './image.worker.js';

export type ImageTaskName = 'process' | 'ogCrop';
export type ImageTask = ProcessImageInput | OgCropInput;
export type ImageTaskResult = ProcessImageResult | Uint8Array;

/** What the pool sends a process, and what the process answers (both ways over IPC). */
export interface ImageProcessRequest {
  name: ImageTaskName;
  input: ImageTask;
}
export type ImageProcessReply = { started: true } | { result: ImageTaskResult } | { error: string };

const reply = (message: ImageProcessReply) => process.send!(message);

const tasks: Record<ImageTaskName, (input: ImageTask) => Promise<ImageTaskResult>> = {
  process: (input) => processImage(input as ProcessImageInput),
  ogCrop: (input) => ogCrop(input as OgCropInput),
};

process.on('message', (message: ImageProcessRequest) => {
  // The pool's time limit counts from here: starting this process is not the task's time.
  reply({ started: true });
  tasks[message.name](message.input).then(
    (result) => reply({ result }),
    (error: unknown) => reply({ error: String(error) }),
  );
});
// The pool gone (its process ended), this one has no one to answer.
process.on('disconnect', () => process.exit(0));
