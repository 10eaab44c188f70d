import { Injectable } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { queueOfJob } from './job-map';
import { type JobContext, ON_JOB, type OnJobOptions } from './on-job.decorator';

/** One @OnJob method, bound to its provider. */
export interface JobHandler {
  name: string;
  queue: string;
  concurrency: number;
  /** Where it is declared, for messages ('SystemJobs.ping'). */
  source: string;
  run(payload: unknown, context: JobContext): Promise<unknown>;
  /** How much of its reservation a result used (OnJobOptions.usage); unset: all of it. */
  usage?: (result: unknown) => number;
}

/** Finds the @OnJob methods of every provider in the application, once, at start. */
@Injectable()
export class JobDiscovery {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  /** The handlers by job name; a job with two handlers is a programming error, refused at start. */
  handlers(): Map<string, JobHandler> {
    const handlers = new Map<string, JobHandler>();
    for (const wrapper of this.discovery.getProviders()) {
      const instance: unknown = wrapper.instance;
      if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) continue;
      const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const fn = prototype[method];
        if (typeof fn !== 'function') continue;
        const options = this.reflector.get<OnJobOptions | undefined>(ON_JOB, fn);
        if (!options) continue;
        const source = `${instance.constructor.name}.${method}`;
        const existing = handlers.get(options.name);
        if (existing)
          throw new Error(`Job '${options.name}' has two handlers: ${existing.source} and ${source}.`);
        handlers.set(options.name, {
          name: options.name,
          queue: queueOfJob(options.name),
          concurrency: options.concurrency ?? 1,
          source,
          run: (payload, context) =>
            (fn as (payload: unknown, context: JobContext) => Promise<unknown>).call(
              instance,
              payload,
              context,
            ),
          usage: options.usage as ((result: unknown) => number) | undefined,
        });
      }
    }
    return handlers;
  }
}
