// What the flame chart and the call list show about a frame: its label (from the selector alone, for every
// box drawn) and, decoded only when a call line or tooltip first needs them, its call and revert texts (cut
// to MAX_SHOWN_TEXT). One describer per name table (describerFor) keeps each input's decoding, so that
// drawing the same result again (the panel does on every view switch) decodes nothing again.
import type { NameTable } from '../../core/abi/names';
import { callText, decodeFrame, frameSelector, revertText, type DecodedCall } from '../decode';
import type { CallFrame } from '../shapes';
import { clipText, counted, formatNumber, percent, shortHex } from './dom';

interface FrameInfo {
  label: string;
  reverted: boolean;
}

interface FrameText {
  call?: string;
  revert?: string;
  /** The arguments were not decoded (too large): the raw input is shown instead. */
  tooLarge: boolean;
}

const describers = new WeakMap<NameTable, FrameDescriber>();

/** The describer of `names`, made once. */
export function describerFor(names: NameTable): FrameDescriber {
  let describer = describers.get(names);
  if (!describer) {
    describer = new FrameDescriber(names);
    describers.set(names, describer);
  }
  return describer;
}

export class FrameDescriber {
  private readonly infos = new WeakMap<CallFrame, FrameInfo>();
  private readonly texts = new WeakMap<CallFrame, FrameText>();
  /** Decoded calls by input: frames are made anew each time a result is drawn, its inputs are not. */
  private readonly calls = new Map<string, DecodedCall>();

  constructor(private readonly names: NameTable) {}

  info(frame: CallFrame): FrameInfo {
    let info = this.infos.get(frame);
    if (!info) {
      const selector = frameSelector(frame);
      const name = selector === undefined ? undefined : this.names.functions[selector]?.name;
      info = {
        label: `${name ?? selector ?? frame.type} ${this.contractName(frame.to) ?? shortHex(frame.to, 4)}`.trim(),
        reverted: frame.error !== undefined,
      };
      this.infos.set(frame, info);
    }
    return info;
  }

  /** The contract's name at `address`, when the names know it (a seeded example such as "Router"). */
  contractName(address: string | undefined): string | undefined {
    return address === undefined ? undefined : this.names.contracts?.[address.toLowerCase()];
  }

  text(frame: CallFrame): FrameText {
    let text = this.texts.get(frame);
    if (!text) {
      const decoded = this.decoded(frame);
      text = {
        call: clipText(callText(decoded)),
        revert: frame.error === undefined ? undefined : clipText(revertText(frame, this.names)),
        tooLarge: decoded.tooLarge === true,
      };
      this.texts.set(frame, text);
    }
    return text;
  }

  private decoded(frame: CallFrame): DecodedCall {
    // Not kept: frames without a selector (a CREATE's init code, plain transfers), which decode nothing.
    if (frameSelector(frame) === undefined) return decodeFrame(frame, this.names);
    let decoded = this.calls.get(frame.input as string);
    if (!decoded) {
      decoded = decodeFrame(frame, this.names);
      this.calls.set(frame.input as string, decoded);
    }
    return decoded;
  }

  /** Tooltip lines: type, from, to, value, gas, gasUsed, selector/call, share of the root, error. */
  details(frame: CallFrame, root: CallFrame): Array<[string, string]> {
    const text = this.text(frame);
    const lines: Array<[string, string]> = [['type', frame.type]];
    if (frame.from) lines.push(['from', frame.from]);
    const contract = this.contractName(frame.to);
    if (frame.to) lines.push(['to', contract ? `${frame.to} (${contract})` : frame.to]);
    if (frame.value) lines.push(['value', frame.value]);
    if (frame.gas !== undefined) lines.push(['gas', formatNumber(frame.gas)]);
    lines.push(['gasUsed', formatNumber(frame.gasUsed)]);
    lines.push(['share of root', percent(frame.gasUsed, root.gasUsed)]);
    if (text.call) lines.push(['call', text.call]);
    if (text.tooLarge && frame.input) lines.push(['input', `${counted((frame.input.length - 2) / 2, 'byte')} ${shortHex(frame.input, 8)}`]);
    if (frame.error !== undefined) lines.push(['error', frame.error]);
    if (text.revert) lines.push(['revert reason', text.revert]);
    return lines;
  }
}

export function frameAt(root: CallFrame, path: string): CallFrame | undefined {
  let frame: CallFrame | undefined = root;
  for (const index of path.split('.').slice(1)) frame = frame?.calls[Number(index)];
  return frame;
}
