// What the flame chart and the call list show about a frame: its label, tooltip lines and revert text,
// computed once per frame.
import type { NameTable } from '../../core/abi/names';
import { callText, decodeFrame, revertText } from '../decode';
import type { CallFrame } from '../shapes';
import { formatNumber, percent, shortHex } from './dom';

export interface FrameInfo {
  label: string;
  call?: string;
  revert?: string;
  reverted: boolean;
}

export class FrameDescriber {
  private readonly cache = new WeakMap<CallFrame, FrameInfo>();

  constructor(private readonly names: NameTable) {}

  info(frame: CallFrame): FrameInfo {
    let info = this.cache.get(frame);
    if (!info) {
      const decoded = decodeFrame(frame, this.names);
      const call = callText(decoded);
      info = {
        label: `${decoded.name ?? decoded.selector ?? frame.type} ${shortHex(frame.to, 4)}`.trim(),
        call,
        revert: frame.error === undefined ? undefined : revertText(frame, this.names),
        reverted: frame.error !== undefined,
      };
      this.cache.set(frame, info);
    }
    return info;
  }

  /** Tooltip lines: type, from, to, value, gas, gasUsed, selector/call, share of the root, error. */
  details(frame: CallFrame, root: CallFrame): Array<[string, string]> {
    const info = this.info(frame);
    const lines: Array<[string, string]> = [['type', frame.type]];
    if (frame.from) lines.push(['from', frame.from]);
    if (frame.to) lines.push(['to', frame.to]);
    if (frame.value) lines.push(['value', frame.value]);
    if (frame.gas !== undefined) lines.push(['gas', formatNumber(frame.gas)]);
    lines.push(['gasUsed', formatNumber(frame.gasUsed)]);
    lines.push(['share of root', percent(frame.gasUsed, root.gasUsed)]);
    if (info.call) lines.push(['call', info.call]);
    if (frame.error !== undefined) lines.push(['error', frame.error]);
    if (info.revert) lines.push(['revert reason', info.revert]);
    return lines;
  }
}

export function frameAt(root: CallFrame, path: string): CallFrame | undefined {
  let frame: CallFrame | undefined = root;
  for (const index of path.split('.').slice(1)) frame = frame?.calls[Number(index)];
  return frame;
}
