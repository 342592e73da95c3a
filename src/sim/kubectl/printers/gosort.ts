// Go's sort.Sort (pattern-defeating quicksort, Go >= 1.19) so that results match kubectl even
// when the comparison is not a strict weak order (go-yaml v2's keyList.Less is not transitive
// for some mixes of digits and letters).
// Source: Go src/sort/zsortinterface.go (pdqsort, insertionSort, heapSort, partition,
// partitionEqual, partialInsertionSort, breakPatterns, choosePivot) and src/sort/sort.go
// (Sort, xorshift, nextPowerOfTwo).

function bitsLen(x: number): number {
  let n = 0;
  while (x > 0) {
    n++;
    x = Math.floor(x / 2);
  }
  return n;
}

const enum Hint {
  Unknown,
  Increasing,
  Decreasing,
}

/** Sorts `data` in place exactly like Go's sort.Sort with the given Less. */
export function goSort<T>(data: T[], less: (a: T, b: T) => boolean): T[] {
  const L = (i: number, j: number) => less(data[i]!, data[j]!);
  const swap = (i: number, j: number) => {
    const t = data[i]!;
    data[i] = data[j]!;
    data[j] = t;
  };

  const insertionSort = (a: number, b: number) => {
    for (let i = a + 1; i < b; i++) {
      for (let j = i; j > a && L(j, j - 1); j--) swap(j, j - 1);
    }
  };
  const siftDown = (lo: number, hi: number, first: number) => {
    let root = lo;
    for (;;) {
      let child = 2 * root + 1;
      if (child >= hi) break;
      if (child + 1 < hi && L(first + child, first + child + 1)) child++;
      if (!L(first + root, first + child)) return;
      swap(first + root, first + child);
      root = child;
    }
  };
  const heapSort = (a: number, b: number) => {
    const first = a;
    const lo = 0;
    const hi = b - a;
    for (let i = Math.floor((hi - 1) / 2); i >= 0; i--) siftDown(i, hi, first);
    for (let i = hi - 1; i >= 0; i--) {
      swap(first, first + i);
      siftDown(lo, i, first);
    }
  };
  const partition = (a: number, b: number, pivot: number): [number, boolean] => {
    swap(a, pivot);
    let i = a + 1;
    let j = b - 1;
    while (i <= j && L(i, a)) i++;
    while (i <= j && !L(j, a)) j--;
    if (i > j) {
      swap(j, a);
      return [j, true];
    }
    swap(i, j);
    i++;
    j--;
    for (;;) {
      while (i <= j && L(i, a)) i++;
      while (i <= j && !L(j, a)) j--;
      if (i > j) break;
      swap(i, j);
      i++;
      j--;
    }
    swap(j, a);
    return [j, false];
  };
  const partitionEqual = (a: number, b: number, pivot: number): number => {
    swap(a, pivot);
    let i = a + 1;
    let j = b - 1;
    for (;;) {
      while (i <= j && !L(a, i)) i++;
      while (i <= j && L(a, j)) j--;
      if (i > j) break;
      swap(i, j);
      i++;
      j--;
    }
    return i;
  };
  const partialInsertionSort = (a: number, b: number): boolean => {
    const maxSteps = 5;
    const shortestShifting = 50;
    let i = a + 1;
    for (let step = 0; step < maxSteps; step++) {
      while (i < b && !L(i, i - 1)) i++;
      if (i === b) return true;
      if (b - a < shortestShifting) return false;
      swap(i, i - 1);
      if (i - a >= 2) {
        for (let j = i - 1; j >= 1; j--) {
          if (!L(j, j - 1)) break;
          swap(j, j - 1);
        }
      }
      if (b - i >= 2) {
        for (let j = i + 1; j < b; j++) {
          if (!L(j, j - 1)) break;
          swap(j, j - 1);
        }
      }
    }
    return false;
  };
  const breakPatterns = (a: number, b: number) => {
    const length = b - a;
    if (length >= 8) {
      let random = BigInt(length);
      const mask = (1n << 64n) - 1n;
      const next = () => {
        random ^= (random << 13n) & mask;
        random ^= random >> 7n;
        random ^= (random << 17n) & mask;
        return random;
      };
      const modulus = BigInt(2 ** bitsLen(length));
      const base = a + Math.floor(length / 4) * 2;
      for (let idx = base - 1; idx <= base + 1; idx++) {
        let other = Number(next() & (modulus - 1n));
        if (other >= length) other -= length;
        swap(idx, a + other);
      }
    }
  };
  const choosePivot = (a: number, b: number): [number, Hint] => {
    const shortestNinther = 50;
    const maxSwaps = 4 * 3;
    const l = b - a;
    let swaps = 0;
    let i = a + Math.floor(l / 4) * 1;
    let j = a + Math.floor(l / 4) * 2;
    let k = a + Math.floor(l / 4) * 3;
    const order2 = (x: number, y: number): [number, number] => {
      if (L(y, x)) {
        swaps++;
        return [y, x];
      }
      return [x, y];
    };
    const median = (x: number, y: number, z: number): number => {
      [x, y] = order2(x, y);
      [y, z] = order2(y, z);
      [x, y] = order2(x, y);
      void z;
      return y;
    };
    const medianAdjacent = (x: number) => median(x - 1, x, x + 1);
    if (l >= 8) {
      if (l >= shortestNinther) {
        i = medianAdjacent(i);
        j = medianAdjacent(j);
        k = medianAdjacent(k);
      }
      j = median(i, j, k);
    }
    if (swaps === 0) return [j, Hint.Increasing];
    if (swaps === maxSwaps) return [j, Hint.Decreasing];
    return [j, Hint.Unknown];
  };
  const reverseRange = (a: number, b: number) => {
    let i = a;
    let j = b - 1;
    while (i < j) {
      swap(i, j);
      i++;
      j--;
    }
  };
  const pdqsort = (a: number, b: number, limit: number): void => {
    const maxInsertion = 12;
    let wasBalanced = true;
    let wasPartitioned = true;
    for (;;) {
      const length = b - a;
      if (length <= maxInsertion) {
        insertionSort(a, b);
        return;
      }
      if (limit === 0) {
        heapSort(a, b);
        return;
      }
      if (!wasBalanced) {
        breakPatterns(a, b);
        limit--;
      }
      let [pivot, hint] = choosePivot(a, b);
      if (hint === Hint.Decreasing) {
        reverseRange(a, b);
        pivot = b - 1 - (pivot - a);
        hint = Hint.Increasing;
      }
      if (wasBalanced && wasPartitioned && hint === Hint.Increasing) {
        if (partialInsertionSort(a, b)) return;
      }
      if (a > 0 && !L(a - 1, pivot)) {
        a = partitionEqual(a, b, pivot);
        continue;
      }
      const [mid, alreadyPartitioned] = partition(a, b, pivot);
      wasPartitioned = alreadyPartitioned;
      const leftLen = mid - a;
      const rightLen = b - mid;
      const balanceThreshold = Math.floor(length / 8);
      if (leftLen < rightLen) {
        wasBalanced = leftLen >= balanceThreshold;
        pdqsort(a, mid, limit);
        a = mid + 1;
      } else {
        wasBalanced = rightLen >= balanceThreshold;
        pdqsort(mid + 1, b, limit);
        b = mid;
      }
    }
  };
  const n = data.length;
  if (n > 1) pdqsort(0, n, bitsLen(n));
  return data;
}
