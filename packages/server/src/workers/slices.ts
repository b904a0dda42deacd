// A worker's answer sent back in slices. Structured clone copies every object on the receiving
// side in one go: 340k restored transactions took 5 s of the main thread to receive, longer than
// they took to parse. Sent as slices of a few thousand rows, the main thread takes them in a few
// at a time (pool.ts, receiveAnswer), and other requests are served between them.

/** Rows per message. */
export const SLICE_ROWS = 2000;

/** Where a long array stood in the answer: its slices arrive as messages of their own. */
interface Cut {
  '\u0000cut': number;
  length: number;
}

export type SliceMessage =
  | { kind: 'slice'; id: number; rows: unknown[] }
  | { kind: 'done'; skeleton: unknown }
  | { kind: 'error'; status: number; type: string; message: string; headers: Record<string, string> };

const isCut = (value: unknown): value is Cut =>
  typeof value === 'object' && value !== null && '\u0000cut' in value && typeof value['\u0000cut'] === 'number';

/** Plain objects are walked; Maps, Sets, typed arrays and the like travel as they are. */
const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/**
 * Replaces every array longer than a slice, within the first levels of the answer, by a marker,
 * and hands its slices to `send` first. Returns the answer with the markers.
 */
export function cutAnswer(value: unknown, send: (message: SliceMessage) => void, depth = 3): unknown {
  let next = 0;
  const walk = (v: unknown, level: number): unknown => {
    if (Array.isArray(v)) {
      if (v.length <= SLICE_ROWS) return v;
      const id = next++;
      for (let i = 0; i < v.length; i += SLICE_ROWS) send({ kind: 'slice', id, rows: v.slice(i, i + SLICE_ROWS) });
      return { '\u0000cut': id, length: v.length } satisfies Cut;
    }
    if (!isPlain(v) || level >= depth) return v;
    return Object.fromEntries(Object.entries(v).map(([k, inner]) => [k, walk(inner, level + 1)]));
  };
  return walk(value, 0);
}

/** Collects slices as they come and puts the answer back together when the skeleton arrives. */
export class AnswerAssembly {
  private readonly arrays = new Map<number, unknown[]>();

  add(id: number, rows: unknown[]): void {
    const list = this.arrays.get(id);
    if (list === undefined) this.arrays.set(id, rows);
    else for (const row of rows) list.push(row);
  }

  assemble(skeleton: unknown): unknown {
    const walk = (v: unknown): unknown => {
      if (isCut(v)) {
        const rows = this.arrays.get(v['\u0000cut']) ?? [];
        if (rows.length !== v.length) throw new Error(`a worker's answer lost rows (${rows.length} of ${v.length})`);
        return rows;
      }
      if (!isPlain(v)) return v;
      return Object.fromEntries(Object.entries(v).map(([k, inner]) => [k, walk(inner)]));
    };
    return walk(skeleton);
  }
}
