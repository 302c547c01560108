// The vocabulary of the tracer API model: which kinds of values exist and how a member, helper or hook
// is described. Kept apart from the data so the inference and the features can import the shapes alone.
import type { ClientTarget } from '../client-targets';

/** Host objects with members the editor knows about. */
export type ObjectTypeName = 'log' | 'op' | 'stack' | 'memory' | 'contract' | 'db' | 'ctx' | 'callFrame' | 'frameResult' | 'bigInt';

/** Plain values a member can produce. `config` is the JSON text `setup` receives (a string). */
export type ValueTypeName = 'Uint8Array' | 'number' | 'string' | 'boolean' | 'any';

export type TypeName = ObjectTypeName | ValueTypeName;

export interface ApiParam {
  name: string;
  /** What the node accepts, as shown to the user (e.g. `Uint8Array | Array`). */
  accepts: string;
  role: string;
  /** The node rejects strings here with an uncatchable `invalid buffer type`. */
  bytesOnly?: true;
  optional?: true;
}

export interface ApiMember {
  name: string;
  kind: 'method' | 'property';
  /** Methods only. */
  params?: ApiParam[];
  returns: TypeName;
  /** The value may be `undefined` (e.g. `getError()` when nothing failed). */
  orUndefined?: true;
  description: string;
  /** Node-side behaviour that surprises authors. */
  pitfalls?: string[];
  /** ctx fields: when the node sets it. */
  presence?: string;
  /** Its string comes from the host: returned directly from result() it can serialise as {}. */
  hostString?: true;
  /** Another name for the same method (bigInt `plus` for `add`). */
  aliasOf?: string;
  /** Where a target's tracers differ from geth v1.17's, which the rest describes: the member is absent there
   * (and why), or reads otherwise. */
  onTargets?: Partial<Record<ClientTarget, TargetVariant>>;
}

type TargetVariant = { absent: string } | { description: string; pitfalls?: string[] };

export interface ApiObject {
  name: ObjectTypeName;
  /** How it is usually spelled in tracers (`log.stack`, `frame`). */
  label: string;
  description: string;
  members: ApiMember[];
  /** Tracers may add their own properties (ctx is a plain map): unknown reads are still suspicious. */
  open?: true;
}

interface HookParam {
  name: string;
  type: TypeName;
  role: string;
}

export interface HookModel {
  name: string;
  params: HookParam[];
  /** Whether the node insists on it: `pair` = enter and exit come together or not at all. */
  required: 'yes' | 'no' | 'pair';
  when: string;
  returns: string;
  pitfalls?: string[];
}

export interface OpcodeInfo {
  name: string;
  code: number;
}
