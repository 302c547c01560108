// A client of the geth oracle (test/oracle): one long-lived process, requests written as JSON lines and
// answered in order, so thousands of cases share one process.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { TraceJob, TraceOutcome } from '../../runtime/evm/job';
import { buildOracle } from '../setup/oracle.mjs';

interface Answer {
  id: number;
  outcomes?: TraceOutcome[];
  accepted?: boolean;
  error?: string;
}

export interface CompileVerdict {
  accepted: boolean;
  /** goja's error for a rejected source. */
  error?: string;
}

export class Oracle {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly pending: Array<{ id: number; resolve(answer: Answer): void; reject(error: Error): void }> = [];
  private nextId = 1;
  private stderr = '';
  private exited: Error | undefined;

  private constructor(path: string) {
    this.child = spawn(path, [], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (chunk: string) => (this.stderr = (this.stderr + chunk).slice(-4000)));
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      const answer = JSON.parse(line) as Answer;
      const waiting = this.pending.shift();
      if (!waiting) return;
      if (answer.id !== waiting.id) waiting.reject(new Error(`oracle answered request ${answer.id} where ${waiting.id} was expected`));
      else waiting.resolve(answer);
    });
    this.child.on('exit', (code, signal) => {
      this.exited = new Error(`the geth oracle exited (${signal ?? `code ${code}`}): ${this.stderr.trim()}`);
      for (const waiting of this.pending.splice(0)) waiting.reject(this.exited);
    });
  }

  /** Starts the oracle, building it first if needed; `{ skipped }` says why it cannot run here. */
  static start(): Oracle | { skipped: string } {
    const built = buildOracle();
    return built.skipped !== undefined ? { skipped: built.skipped } : new Oracle(built.path);
  }

  private request(body: object): Promise<Answer> {
    if (this.exited) return Promise.reject(this.exited);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.push({ id, resolve, reject });
      this.child.stdin.write(JSON.stringify({ id, ...body }) + '\n');
    });
  }

  /** geth's outcome for each traced transaction of the job. A job geth cannot run at all rejects. */
  async trace(job: TraceJob): Promise<TraceOutcome[]> {
    const answer = await this.request({ job });
    if (answer.error !== undefined) throw new Error(`oracle: ${answer.error}`);
    return answer.outcomes ?? [];
  }

  /** Whether geth's JavaScript engine compiles `"(" + source + ")"`. */
  async compile(source: string): Promise<CompileVerdict> {
    const answer = await this.request({ compile: source });
    return answer.accepted ? { accepted: true } : { accepted: false, error: answer.error };
  }

  close(): void {
    this.child.stdin.end();
    this.child.kill();
  }
}
