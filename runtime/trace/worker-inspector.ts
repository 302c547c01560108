// A debug run's side of the trace worker: the host (never tracer code: nothing of this module is reachable
// from the sealed realm) opens the V8 inspector, blocks until a debugger has attached and resumed
// (`Runtime.runIfWaitingForDebugger`), and reports every pause and resume to the parent, which stops the
// trace's time-out while a debugger holds the worker. A session on the worker's own thread hears them: V8
// delivers its `Debugger.paused` while the thread is held, and the IPC write goes out at once.
import * as inspector from 'node:inspector';
import type { InspectAddress, WorkerMessage } from './protocol';

export function waitForDebugger(address: InspectAddress, post: (message: WorkerMessage) => void): void {
  inspector.open(address.port, address.host, false);
  const session = new inspector.Session();
  session.connect();
  session.on('Debugger.paused', () => post({ type: 'paused' }));
  session.on('Debugger.resumed', () => post({ type: 'resumed' }));
  session.post('Debugger.enable');
  // V8 keeps breakpoints active while any session wants them: this one must not, or a debugger's
  // "deactivate breakpoints" would have no effect. It still hears every pause.
  session.post('Debugger.setBreakpointsActive', { active: false });
  post({ type: 'listening', url: inspector.url()! });
  inspector.waitForDebugger();
  post({ type: 'attached' });
}
