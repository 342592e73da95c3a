/**
 * Where everything sits on the cluster map. A pure function of the objects (and of the nodes the
 * cluster was planned with and the previous layout, so a node keeps its place when others come and
 * go): the Svelte component only draws.
 *
 *   +-- control-plane band -------------------------------------------+
 *   +-- Services band (chips, in stable slots; see services.ts) -------+
 *   +-- node card --+ +-- node card --+ +-- node card --+   (stable grid of slots)
 *   +-- Pending (unscheduled) tray -----------------------------------+
 */
import type { KObject } from '../bridge/deltas';
import type { ZoomLevel } from './zoom-level';

export const PAD = 20;
export const GAP = 16;
export const BAND_H = 64;
export const CARD_W = 280;
export const CARD_PAD = 12;
export const HEADER_H = 40;
export const RAIL_H = 44;
export const GAUGES_H = 38;
export const POD_W = 124;
export const POD_H = 30;
export const POD_GAP = 8;
export const TRAY_HEADER_H = 30;
/** Dense mode: a pod is a dot in a DOT x DOT cell (drawn on a canvas, dense.ts). */
export const DOT = 14;
export const DOT_GAP = 4;
/**
 * Semantic zoom's far level (zoom-level.ts): a node is a tile, its name and STATUS chip over its
 * pods as dots, sized to be read at half zoom (its text twice a card's, its dots half again a
 * dense card's); near level: pods taller, with room for their containers' names.
 */
export const TILE_W = 220;
export const TILE_HEADER_H = 78;
export const TILE_DOT = 22;
export const TILE_DOT_GAP = 6;
export const POD_H_NEAR = 44;
/** A Service chip in the Services band, and the band's padding around its rows. */
export const SVC_CHIP_W = 220;
export const SVC_CHIP_H = 30;
export const SVC_GAP = 8;
export const SVC_PAD = 9;

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface PodPlacement extends Box {
  /** `namespace/name`. */
  key: string;
  pod: KObject;
}

export interface NodePlacement extends Box {
  name: string;
  slot: number;
  node: KObject;
  /** Where the pods area starts inside the card (absolute coordinates). */
  podsY: number;
  /** Far level: a tile (name, STATUS, dots), no rail, no gauges. */
  tile?: boolean;
  pods: PodPlacement[];
}

export interface ClusterLayout {
  width: number;
  height: number;
  columns: number;
  band: Box;
  /** The Services band (height 0 when there is no Service); its chips are placed by services.ts. */
  services: Box & { labelW: number; perRow: number };
  nodes: NodePlacement[];
  tray: Box & { pods: PodPlacement[] };
  /** node name -> slot index; pass it back as `previous` next time. */
  slots: ReadonlyMap<string, number>;
  /** The semantic zoom level it was laid out for (zoom-level.ts). */
  zoom: ZoomLevel;
}

export interface LayoutOptions {
  /** Width available for the map, in px. */
  width?: number;
  /** The `slots` of the previous layout: nodes found there keep their slot. */
  previous?: ReadonlyMap<string, number>;
  /** The planned nodes' slots (plannedSlots): each keeps its own, registered or not. */
  planned?: ReadonlyMap<string, number>;
  /** Service chip slots to make room for (the highest slot + 1; 0: no Services band). */
  serviceSlots?: number;
  /** Dense mode: pods as dots (DOT x DOT cells), so a hundred nodes of pods fit on a screen. */
  dense?: boolean;
  /**
   * The previous layout: a card whose pods (the same group array, pod-groups.ts), node and place
   * did not change keeps its placement objects, so a batch touching 3 pods places 3 cards' pods.
   */
  reuse?: ClusterLayout;
  /** Semantic zoom (zoom-level.ts): far lays nodes out as tiles with dots, near makes pods taller for their containers. */
  zoom?: ZoomLevel;
}

/** A pod's cell: a labelled shape (POD_W x POD_H), or a dot in dense mode. */
interface PodCell {
  w: number;
  h: number;
  gap: number;
}
const SHAPE_CELL: PodCell = { w: POD_W, h: POD_H, gap: POD_GAP };
const NEAR_CELL: PodCell = { w: POD_W, h: POD_H_NEAR, gap: POD_GAP };
const DOT_CELL: PodCell = { w: DOT, h: DOT, gap: DOT_GAP };
const TILE_CELL: PodCell = { w: TILE_DOT, h: TILE_DOT, gap: TILE_DOT_GAP };

/** A card's frame: its width, what sits above its pods (header, rail) and below them (padding, gauges). */
interface CardShape {
  w: number;
  top: number;
  bottom: number;
  cell: PodCell;
  tile: boolean;
}
const cardShapes = new Map<PodCell, CardShape>();
function cardShape(cell: PodCell): CardShape {
  let shape = cardShapes.get(cell);
  if (!shape) {
    const tile = cell === TILE_CELL;
    shape = tile ? { w: TILE_W, top: TILE_HEADER_H, bottom: CARD_PAD, cell, tile } : { w: CARD_W, top: HEADER_H + RAIL_H, bottom: CARD_PAD + GAUGES_H, cell, tile };
    cardShapes.set(cell, shape);
  }
  return shape;
}

/**
 * A name in natural order as a plain string: digit runs padded, so `worker-2` sorts before
 * `worker-10` with `<`. (Intl.Collator's numeric compare gave the same order for Kubernetes names,
 * lower-case letters, digits, `-` and `.`, but it was most of the layout's time at 10,000 pods.)
 */
export function naturalKey(name: string): string {
  return name.replace(/\d+/g, (d) => d.padStart(12, '0'));
}

/**
 * `namespace/name`. Not cached per object: a status change is a new object, and a WeakMap entry
 * per pod version cost more (its lookups, and the ephemerons every major GC walks) than the string.
 */
function podKey(pod: KObject): string {
  return `${pod.metadata?.namespace ?? 'default'}/${pod.metadata?.name ?? ''}`;
}

function isControlPlane(node: KObject): boolean {
  const labels = node.metadata?.labels ?? {};
  return 'node-role.kubernetes.io/control-plane' in labels || node.metadata?.name === 'control-plane';
}

/** Sort keys, once per object (objects are immutable snapshots: a change is a new object). */
const ageKeys = new WeakMap<KObject, string>();
function ageKey(o: KObject): string {
  let key = ageKeys.get(o);
  if (key === undefined) ageKeys.set(o, (key = ageKeyOf(o)));
  return key;
}

/** The string `byAge` compares: creation time, then namespace and name in natural order. */
export function ageKeyOf(o: KObject): string {
  return `${o.metadata?.creationTimestamp ?? ''}\u0000${naturalKey(o.metadata?.namespace ?? '')}\u0000${naturalKey(o.metadata?.name ?? '')}`;
}

/** Oldest first; ties by namespace, then name, in natural order (worker-2 before worker-10). */
export function byAge(a: KObject, b: KObject): number {
  const ka = ageKey(a);
  const kb = ageKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/**
 * The slots kept for the nodes the cluster booted with (protocol.ts `plannedNodes`, control plane
 * first), registered or not: the control plane in the first, then the others in natural name
 * order, as a learner reads `kubectl get nodes`, not in the random order their kubelets register in.
 */
export function plannedSlots(plannedNodes: readonly string[]): Map<string, number> {
  const [controlPlane, ...workers] = plannedNodes;
  const byName = (a: string, b: string) => {
    const [ka, kb] = [naturalKey(a), naturalKey(b)];
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  };
  const ordered = controlPlane === undefined ? [] : [controlPlane, ...workers.sort(byName)];
  return new Map(ordered.map((name, slot) => [name, slot]));
}

/**
 * A planned node takes its planned slot, so it comes back to it after leaving. Any other node keeps
 * the slot it had; a new one (control plane first, then oldest) takes the lowest free slot after
 * the planned ones.
 */
export function assignSlots(nodes: readonly KObject[], previous: ReadonlyMap<string, number> = new Map(), planned: ReadonlyMap<string, number> = new Map()): Map<string, number> {
  const slots = new Map<string, number>();
  const taken = new Set<number>();
  const fresh: KObject[] = [];
  for (const node of nodes) {
    const name = node.metadata?.name as string;
    const plannedSlot = planned.get(name);
    const slot = plannedSlot ?? previous.get(name);
    if (slot !== undefined && !taken.has(slot) && (plannedSlot !== undefined || slot >= planned.size)) {
      slots.set(name, slot);
      taken.add(slot);
    } else fresh.push(node);
  }
  fresh.sort((a, b) => Number(isControlPlane(b)) - Number(isControlPlane(a)) || byAge(a, b));
  let next = planned.size;
  for (const node of fresh) {
    while (taken.has(next)) next++;
    slots.set(node.metadata?.name as string, next);
    taken.add(next);
  }
  return slots;
}

function podsHeight(count: number, perRow: number, cell: PodCell = SHAPE_CELL): number {
  const rows = Math.max(1, Math.ceil(count / perRow));
  return rows * cell.h + (rows - 1) * cell.gap;
}

const perRowIn = (width: number, cell: PodCell) => Math.max(1, Math.floor((width - 2 * CARD_PAD + cell.gap) / (cell.w + cell.gap)));

/** Height of a node card holding `podCount` pods. */
export function cardHeight(podCount: number, cell: PodCell = SHAPE_CELL): number {
  const shape = cardShape(cell);
  return shape.top + podsHeight(podCount, perRowIn(shape.w, cell), cell) + shape.bottom;
}

function placePods(pods: readonly KObject[], x: number, y: number, perRow: number, cell: PodCell): PodPlacement[] {
  return pods.map((pod, i) => ({
    key: podKey(pod),
    pod,
    x: x + (i % perRow) * (cell.w + cell.gap),
    y: y + Math.floor(i / perRow) * (cell.h + cell.gap),
    w: cell.w,
    h: cell.h
  }));
}

/** Pods by node name ('' for none), each list oldest first. */
function groupPods(pods: readonly KObject[]): Map<string, KObject[]> {
  const groups = new Map<string, KObject[]>();
  for (const pod of pods) {
    const nodeName = (pod.spec?.nodeName as string | undefined) || '';
    let list = groups.get(nodeName);
    if (!list) groups.set(nodeName, (list = []));
    list.push(pod);
  }
  for (const list of groups.values()) list.sort(byAge);
  return groups;
}

const NO_PODS: readonly KObject[] = [];
/** What a placement was made from, to know whether the next layout can keep it. */
const placedFrom = new WeakMap<object, { pods: readonly KObject[]; cell: PodCell }>();

/**
 * Lays out the nodes and the pods: a list of pods, or pods grouped by node name (pod-groups.ts,
 * kept up to date between batches; with `options.reuse`, unchanged cards keep their placements).
 */
export function layoutCluster(nodes: readonly KObject[], pods: readonly KObject[] | ReadonlyMap<string, readonly KObject[]>, options: LayoutOptions = {}): ClusterLayout {
  const zoom = options.zoom ?? 'middle';
  const cell = zoom === 'far' ? TILE_CELL : options.dense ? DOT_CELL : zoom === 'near' ? NEAR_CELL : SHAPE_CELL;
  const shape = cardShape(cell);
  const width = Math.max(options.width ?? 960, shape.w + 2 * PAD);
  const columns = Math.max(1, Math.floor((width - 2 * PAD + GAP) / (shape.w + GAP)));
  const slots = assignSlots(nodes, options.previous, options.planned);

  // Pods sit in their node's card when the node exists, otherwise in the tray (unscheduled, or orphaned).
  const groups: ReadonlyMap<string, readonly KObject[]> = Array.isArray(pods) ? groupPods(pods) : (pods as ReadonlyMap<string, readonly KObject[]>);
  const podsByNode = groups;
  let unplaced = groups.get('') ?? NO_PODS;
  const orphans = [...groups].filter(([name]) => name !== '' && !slots.has(name));
  if (orphans.length > 0) unplaced = unplaced.concat(...orphans.map(([, list]) => list)).sort(byAge);

  // Row heights: the tallest card in the row; a row emptied by removals keeps an empty card's
  // height so the rows below it do not jump.
  const rowCount = slots.size === 0 ? 0 : Math.floor(Math.max(...slots.values()) / columns) + 1;
  const rowHeights: number[] = new Array(rowCount).fill(cardHeight(0, cell));
  for (const [name, slot] of slots) {
    const row = Math.floor(slot / columns);
    rowHeights[row] = Math.max(rowHeights[row], cardHeight(podsByNode.get(name)?.length ?? 0, cell));
  }
  // Band, grid and tray share one column, centred in the width (a function of the width only,
  // so nothing moves as nodes come and go).
  const contentW = columns * shape.w + (columns - 1) * GAP;
  const contentX = Math.max(PAD, (width - contentW) / 2);
  const band: Box = { x: contentX, y: PAD, w: contentW, h: BAND_H };
  const serviceSlots = options.serviceSlots ?? 0;
  const svcLabelW = bandSlots(contentW).labelW;
  const perRow = Math.max(1, Math.floor((contentW - svcLabelW - 2 * SVC_PAD + SVC_GAP) / (SVC_CHIP_W + SVC_GAP)));
  const svcRows = Math.ceil(serviceSlots / perRow);
  const services = { x: contentX, y: band.y + band.h + GAP, w: contentW, h: svcRows === 0 ? 0 : 2 * SVC_PAD + svcRows * SVC_CHIP_H + (svcRows - 1) * SVC_GAP, labelW: svcLabelW, perRow };
  const gridY = services.h === 0 ? band.y + band.h + GAP : services.y + services.h + GAP;
  const rowY: number[] = [];
  let y = gridY;
  for (const h of rowHeights) {
    rowY.push(y);
    y += h + GAP;
  }

  const before = new Map(options.reuse?.nodes.map((n) => [n.name, n]));
  const placed: NodePlacement[] = [];
  for (const node of nodes) {
    const name = node.metadata?.name as string;
    const slot = slots.get(name)!;
    const row = Math.floor(slot / columns);
    const x = contentX + (slot % columns) * (shape.w + GAP);
    const cardY = rowY[row];
    const h = rowHeights[row];
    const podsY = cardY + shape.top;
    const list = podsByNode.get(name) ?? NO_PODS;
    const prev = before.get(name);
    const from = prev && placedFrom.get(prev);
    const samePods = !!from && from.pods === list && from.cell === cell && prev!.x === x && prev!.podsY === podsY;
    if (samePods && prev!.node === node && prev!.slot === slot && prev!.h === h) {
      placed.push(prev!);
      continue;
    }
    const placement: NodePlacement = { name, slot, node, x, y: cardY, w: shape.w, h, podsY, pods: samePods ? prev!.pods : placePods(list, x + CARD_PAD, podsY, perRowIn(shape.w, cell), cell), ...(shape.tile ? { tile: true } : {}) };
    placedFrom.set(placement, { pods: list, cell });
    placed.push(placement);
  }
  placed.sort((a, b) => a.slot - b.slot);

  const trayW = contentW;
  const trayPerRow = perRowIn(trayW, cell);
  const trayY = rowCount === 0 ? gridY : y;
  const trayH = TRAY_HEADER_H + podsHeight(unplaced.length, trayPerRow, cell) + CARD_PAD;
  const prevTray = options.reuse?.tray;
  const trayFrom = prevTray && placedFrom.get(prevTray);
  const trayPods = trayFrom && trayFrom.pods === unplaced && trayFrom.cell === cell && prevTray.x === contentX && prevTray.y === trayY && prevTray.w === trayW ? prevTray.pods : placePods(unplaced, contentX + CARD_PAD, trayY + TRAY_HEADER_H, trayPerRow, cell);
  const tray = { x: contentX, y: trayY, w: trayW, h: trayH, pods: trayPods };
  placedFrom.set(tray, { pods: unplaced, cell });

  return { width, height: trayY + trayH + PAD, columns, band, services, nodes: placed, tray, slots, zoom };
}

/** Components in the control-plane band: kube-scheduler, kube-apiserver + etcd, kube-controller-manager. */
export const BAND_COMPONENTS = 3;

/** The band's label width and the width of one component slot (the kube-scheduler's is the first). */
export function bandSlots(bandW: number): { labelW: number; slotW: number } {
  const labelW = bandW >= 640 ? 132 : 0;
  return { labelW, slotW: (bandW - labelW - 16) / BAND_COMPONENTS };
}

/** The bottom middle of a component's slot in the band (0: kube-scheduler, 1: kube-apiserver, 2: kube-controller-manager). */
export function bandAnchor(band: Box, slot: number): { x: number; y: number } {
  const { labelW, slotW } = bandSlots(band.w);
  return { x: band.x + labelW + 8 + slot * slotW + (slotW - 8) / 2, y: band.y + band.h - 8 };
}

/** Where binding arcs start: the bottom middle of the kube-scheduler's slot in the band. */
export function schedulerAnchor(band: Box): { x: number; y: number } {
  return bandAnchor(band, 0);
}

/** Projector mode: how much larger the map draws everything (type, strokes, cards, pods). */
export const PROJECTOR_MAP_SCALE = 1.35;

/**
 * The map's drawing scale: 1, or in projector mode PROJECTOR_MAP_SCALE, less where the map is too
 * narrow for one card at that scale (a lesson and the inspector beside it, a phone). The layout
 * then gets `areaWidth / scale` px, so the grid re-lays out with fewer columns instead of text
 * outgrowing cards and pods: everything in a card grows together.
 */
export function mapScale(projector: boolean, areaWidth: number): number {
  if (!projector) return 1;
  return Math.max(1, Math.min(PROJECTOR_MAP_SCALE, areaWidth / (CARD_W + 2 * PAD)));
}
