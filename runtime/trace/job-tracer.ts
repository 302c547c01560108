// The tracer a trace job names, made afresh for each traced transaction and handed to the execution as its
// TracerFactory: one of geth's built-in tracers by name (the struct logger when the job names none), else
// the JavaScript tracer the job carries, run in a realm of its own by the tracer host.
import { builtinJsSource, builtinTracer, withBuiltinHint } from '../builtin/registry';
import { structLogger, structLoggerTracer } from '../builtin/struct-logger';
import type { TraceJob } from '../evm/job';
import { traitsOf } from '../evm/target';
import type { TracerFactory } from '../evm/tx-tracer';
import { TracerHost, type HookName } from '../tracer/host/tracer-host';

/** What a JavaScript tracer reports while it runs, so that a time-out can say where it was stuck. */
interface TracerProgress {
  located(hookLocations: Partial<Record<HookName, string>>): void;
  hook(name: HookName): void;
}

export function jobTracers(job: TraceJob, progress: TracerProgress): TracerFactory {
  const traits = traitsOf(job.target);
  return (position) => {
    const builtin = job.tracer === structLoggerTracer ? structLogger : builtinTracer(job.tracer, traits);
    if (builtin) {
      const made = builtin(job.tracerConfig, traits, job.maxResultBytes);
      if ('error' in made) return made;
      return { hooks: made, steps: made.steps, txStart: made.txStart?.bind(made), result: () => made.result() };
    }
    const built = TracerHost.create({
      source: builtinJsSource(job.tracer) ?? job.tracer,
      url: job.tracerUrl,
      config: job.tracerConfig,
      // traceCall (no tx hash) has no block hash, index or tx hash in ctx.
      initialContext: position ?? {},
      onLocated: (locations) => progress.located(locations),
      onHook: (name) => progress.hook(name),
      traits,
    });
    if ('error' in built) return { error: withBuiltinHint(job.tracer, built.error, traits) };
    const host = built.host;
    return {
      hooks: host,
      // Steps are only needed for step hooks and for call types of enter/exit; without either, the EVM runs
      // at full speed (and geth's `log` stays unfilled, as for a tracer with no step).
      steps: host.hasStep || host.hasEnterExit ? 'all' : [],
      // The host reads the live state and knows the precompiles from the transaction's start.
      txStart: (env) => host.begin(env.state, env.precompiles),
      result: () => host.result(),
    };
  };
}
