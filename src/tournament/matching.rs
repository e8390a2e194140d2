//! Maximum-weight matching on a general graph: Edmonds' blossom algorithm
//! with Galil's dual updates, O(n³), over exact integers.
//!
//! The structure follows Joris van Rantwijk's well-known public-domain
//! formulation (primal-dual, labels S/T, nested blossoms kept as cycles of
//! sub-blossoms with the edges between them, and the best edge towards each
//! S-blossom kept per blossom so that each dual update costs O(n)). Edges
//! are addressed by *endpoints*: endpoint `2k` is edge `k`'s first vertex,
//! `2k + 1` its second, so `p ^ 1` is the other end of the same edge.
//!
//! Weights are doubled on input so that every dual variable and every slack
//! stays an integer (a blossom's dual moves by half an edge slack).

const NONE: usize = usize::MAX;

/// Label of a top-level blossom in the alternating forest; `Breadcrumb`
/// marks the S-blossoms visited while looking for a common base.
const FREE: u8 = 0;
const S: u8 = 1;
const T: u8 = 2;
const BREADCRUMB: u8 = 5;

/// A matching of maximum total weight among the given edges: for each
/// vertex, its mate. With `max_cardinality`, the heaviest among the
/// matchings with the most edges (a perfect one when there is one);
/// without, edges with a non-positive weight are never worth taking. List
/// each pair once; self-loops are ignored.
///
/// Deterministic: the same edges in the same order give the same matching.
///
/// Only the tests use the general problem: they check the algorithm
/// on it, with and without `max_cardinality`, against a brute force.
///
/// # Panics
/// If a vertex index is `vertices` or more, or a weight is so large that
/// doubling it overflows.
#[cfg(test)]
pub fn max_weight_matching(
    vertices: usize,
    edges: &[(usize, usize, i128)],
    max_cardinality: bool,
) -> Vec<Option<usize>> {
    let edges = doubled(vertices, edges);
    if edges.is_empty() {
        return vec![None; vertices];
    }
    let mut m = Matcher::new(vertices, edges, max_cardinality);
    m.solve();
    m.mates()
}

/// A perfect matching of maximum total weight (every vertex matched), or
/// `None` when the graph has none. Faster on dense graphs than starting
/// from the empty matching: it starts from a greedy matching (see
/// `Matcher::warm_start`), which only the perfect problem allows.
///
/// # Panics
/// If a vertex index is `vertices` or more, or a weight is so large that
/// doubling it overflows.
pub fn max_weight_perfect_matching(vertices: usize, edges: &[(usize, usize, i128)]) -> Option<Vec<usize>> {
    let edges = doubled(vertices, edges);
    if edges.is_empty() {
        return (vertices == 0).then(Vec::new);
    }
    let mut m = Matcher::new(vertices, edges, true);
    m.warm_start();
    m.solve();
    m.mates().into_iter().collect()
}

/// The edges without self-loops, weights doubled.
fn doubled(vertices: usize, edges: &[(usize, usize, i128)]) -> Vec<(usize, usize, i128)> {
    edges
        .iter()
        .filter(|&&(i, j, _)| i != j)
        .map(|&(i, j, w)| {
            assert!(
                i < vertices && j < vertices,
                "edge ({i}, {j}) outside {vertices} vertices"
            );
            (i, j, w.checked_mul(2).expect("edge weight too large"))
        })
        .collect()
}

struct Matcher {
    n: usize,
    max_cardinality: bool,
    edges: Vec<(usize, usize, i128)>,
    /// For each vertex, the endpoints *opposite* to it of its edges.
    neighbend: Vec<Vec<usize>>,
    /// For each vertex, the endpoint (of its matched edge) at its mate, or NONE.
    mate: Vec<usize>,
    /// Per vertex and per blossom (index n..2n).
    label: Vec<u8>,
    labelend: Vec<usize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    blossomendps: Vec<Vec<usize>>,
    bestedge: Vec<usize>,
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<i128>,
    allowedge: Vec<bool>,
    queue: Vec<usize>,
}

impl Matcher {
    fn new(n: usize, edges: Vec<(usize, usize, i128)>, max_cardinality: bool) -> Matcher {
        let maxweight = edges.iter().map(|e| e.2).max().unwrap_or(0).max(0);
        let mut neighbend = vec![Vec::new(); n];
        for (k, &(i, j, _)) in edges.iter().enumerate() {
            neighbend[i].push(2 * k + 1);
            neighbend[j].push(2 * k);
        }
        let mut dualvar = vec![maxweight; n];
        dualvar.extend(std::iter::repeat_n(0, n));
        let mut blossombase: Vec<usize> = (0..n).collect();
        blossombase.extend(std::iter::repeat_n(NONE, n));
        let nedges = edges.len();
        Matcher {
            n,
            max_cardinality,
            edges,
            neighbend,
            mate: vec![NONE; n],
            label: vec![FREE; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n).collect(),
            blossomparent: vec![NONE; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase,
            blossomendps: vec![Vec::new(); 2 * n],
            bestedge: vec![NONE; 2 * n],
            blossombestedges: vec![None; 2 * n],
            unusedblossoms: (n..2 * n).rev().collect(),
            dualvar,
            allowedge: vec![false; nedges],
            queue: Vec::new(),
        }
    }

    fn mates(&self) -> Vec<Option<usize>> {
        self.mate
            .iter()
            .map(|&p| (p != NONE).then(|| self.endpoint(p)))
            .collect()
    }

    /// A feasible start instead of the empty matching, for the perfect
    /// matching problem, whose vertex duals need neither be equal on free
    /// vertices nor stay non-negative: each vertex's dual is the heaviest weight
    /// it touches, then lowered until one of its edges is tight; then
    /// tight edges are matched greedily. Each stage of the search then
    /// only has the vertices left free as roots, which saves most of the
    /// work on a dense graph (every free root scans all its edges).
    fn warm_start(&mut self) {
        for v in 0..self.n {
            let heaviest = self.neighbend[v].iter().map(|&p| self.edges[p / 2].2).max();
            self.dualvar[v] = heaviest.unwrap_or(0);
        }
        for v in 0..self.n {
            if let Some(d) = self.neighbend[v].iter().map(|&p| self.slack(p / 2)).min() {
                self.dualvar[v] -= d;
            }
        }
        // The tight edges, as endpoints opposite each vertex.
        let tight: Vec<Vec<usize>> = (0..self.n)
            .map(|v| {
                self.neighbend[v]
                    .iter()
                    .copied()
                    .filter(|&p| self.slack(p / 2) == 0)
                    .collect()
            })
            .collect();
        // Augmenting paths of tight edges from each free vertex, found by
        // a short depth-first search (not every path: the blossom search
        // finds the rest), each one a valid augmentation.
        let mut seen = vec![usize::MAX; self.n];
        let mut path = Vec::new();
        for v in 0..self.n {
            if self.mate[v] == NONE {
                path.clear();
                seen[v] = v;
                if self.tight_path(v, v, &tight, &mut seen, &mut path, 6) {
                    for &p in &path {
                        let (x, y) = (self.endpoint(p ^ 1), self.endpoint(p));
                        self.mate[x] = p;
                        self.mate[y] = p ^ 1;
                    }
                }
            }
        }
    }

    /// From `x`, an alternating path of tight edges to a free vertex other
    /// than `root`: pushes the unmatched edges' endpoints (opposite their
    /// start) onto `path`. `seen[v] == root` marks the vertices on this search.
    fn tight_path(
        &self,
        root: usize,
        x: usize,
        tight: &[Vec<usize>],
        seen: &mut [usize],
        path: &mut Vec<usize>,
        depth: u32,
    ) -> bool {
        for &p in &tight[x] {
            let u = self.endpoint(p);
            if seen[u] == root {
                continue;
            }
            seen[u] = root;
            if self.mate[u] == NONE {
                path.push(p);
                return true;
            }
            let next = self.endpoint(self.mate[u]);
            if depth > 0 && seen[next] != root {
                seen[next] = root;
                path.push(p);
                if self.tight_path(root, next, tight, seen, path, depth - 1) {
                    return true;
                }
                path.pop();
            }
        }
        false
    }

    #[inline]
    fn endpoint(&self, p: usize) -> usize {
        let e = &self.edges[p / 2];
        if p & 1 == 0 {
            e.0
        } else {
            e.1
        }
    }

    #[inline]
    fn slack(&self, k: usize) -> i128 {
        let (i, j, w) = self.edges[k];
        self.dualvar[i] + self.dualvar[j] - 2 * w
    }

    /// The vertices inside blossom `b` (or `b` itself for a vertex).
    fn leaves(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut stack = vec![b];
        while let Some(t) = stack.pop() {
            if t < self.n {
                out.push(t);
            } else {
                stack.extend(self.blossomchilds[t].iter().rev());
            }
        }
        out
    }

    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let mut w = w;
        let mut t = t;
        let mut p = p;
        loop {
            let b = self.inblossom[w];
            debug_assert!(self.label[w] == FREE && self.label[b] == FREE);
            self.label[w] = t;
            self.label[b] = t;
            self.labelend[w] = p;
            self.labelend[b] = p;
            self.bestedge[w] = NONE;
            self.bestedge[b] = NONE;
            if t == S {
                if b < self.n {
                    self.queue.push(b);
                } else {
                    let leaves = self.leaves(b);
                    self.queue.extend(leaves);
                }
                return;
            }
            // A T-blossom: its base's mate becomes an S-vertex.
            let base = self.blossombase[b];
            let mb = self.mate[base];
            debug_assert!(mb != NONE);
            w = self.endpoint(mb);
            t = S;
            p = mb ^ 1;
        }
    }

    /// Traces back from `v` and `w` to find a new blossom's base, or NONE
    /// when the two paths reach different roots (an augmenting path).
    fn scan_blossom(&mut self, v: usize, w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        let (mut v, mut w) = (v, w);
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            debug_assert_eq!(self.label[b], S);
            path.push(b);
            self.label[b] = BREADCRUMB;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint(self.labelend[b]);
                b = self.inblossom[v];
                debug_assert_eq!(self.label[b], T);
                v = self.endpoint(self.labelend[b]);
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = S;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w, _) = self.edges[k];
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self.unusedblossoms.pop().expect("a free blossom slot");
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.endpoint(self.labelend[bv]);
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            w = self.endpoint(self.labelend[bw]);
            bw = self.inblossom[w];
        }
        self.blossomchilds[b] = path.clone();
        self.blossomendps[b] = endps;
        debug_assert_eq!(self.label[bb], S);
        self.label[b] = S;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = 0;
        for leaf in self.leaves(b) {
            if self.label[self.inblossom[leaf]] == T {
                // A former T-vertex becomes an S-vertex inside the blossom.
                self.queue.push(leaf);
            }
            self.inblossom[leaf] = b;
        }
        // The least-slack edge from the new blossom to each S-blossom.
        let mut bestedgeto = vec![NONE; 2 * self.n];
        for &sub in &path {
            let lists: Vec<usize> = match self.blossombestedges[sub].take() {
                Some(list) => list,
                None => self
                    .leaves(sub)
                    .iter()
                    .flat_map(|&leaf| self.neighbend[leaf].iter().map(|p| p / 2))
                    .collect(),
            };
            for k in lists {
                let (mut i, mut j, _) = self.edges[k];
                if self.inblossom[j] == b {
                    std::mem::swap(&mut i, &mut j);
                }
                let _ = i;
                let bj = self.inblossom[j];
                if bj != b
                    && self.label[bj] == S
                    && (bestedgeto[bj] == NONE || self.slack(k) < self.slack(bestedgeto[bj]))
                {
                    bestedgeto[bj] = k;
                }
            }
            self.bestedge[sub] = NONE;
        }
        let best: Vec<usize> = bestedgeto.into_iter().filter(|&k| k != NONE).collect();
        let mut be = NONE;
        for &k in &best {
            if be == NONE || self.slack(k) < self.slack(be) {
                be = k;
            }
        }
        self.bestedge[b] = be;
        self.blossombestedges[b] = Some(best);
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s] == 0 {
                self.expand_blossom(s, endstage);
            } else {
                for leaf in self.leaves(s) {
                    self.inblossom[leaf] = s;
                }
            }
        }
        if !endstage && self.label[b] == T {
            // Relabel the sub-blossoms on the even-length path from the
            // entry child to the base; the others become free or keep the
            // T-label their own vertices earned.
            let len = childs.len() as isize;
            let at = |j: isize| j.rem_euclid(len) as usize;
            let endps = self.blossomendps[b].clone();
            let entrychild = self.inblossom[self.endpoint(self.labelend[b] ^ 1)];
            let mut j = childs.iter().position(|&c| c == entrychild).unwrap() as isize;
            let (jstep, endptrick): (isize, usize) = if j & 1 == 1 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let mut p = self.labelend[b];
            while j != 0 {
                let q = self.endpoint(p ^ 1);
                self.label[q] = FREE;
                let e = endps[at(j - endptrick as isize)];
                let r = self.endpoint(e ^ endptrick ^ 1);
                self.label[r] = FREE;
                self.assign_label(q, T, p);
                self.allowedge[e / 2] = true;
                j += jstep;
                p = endps[at(j - endptrick as isize)] ^ endptrick;
                self.allowedge[p / 2] = true;
                j += jstep;
            }
            let bv = childs[at(j)];
            let q = self.endpoint(p ^ 1);
            self.label[q] = T;
            self.label[bv] = T;
            self.labelend[q] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            j += jstep;
            while childs[at(j)] != entrychild {
                let bv = childs[at(j)];
                if self.label[bv] == S {
                    j += jstep;
                    continue;
                }
                if let Some(v) = self.leaves(bv).into_iter().find(|&v| self.label[v] != FREE) {
                    debug_assert_eq!(self.label[v], T);
                    debug_assert_eq!(self.inblossom[v], bv);
                    self.label[v] = FREE;
                    let m = self.endpoint(self.mate[self.blossombase[bv]]);
                    self.label[m] = FREE;
                    let le = self.labelend[v];
                    self.assign_label(v, T, le);
                }
                j += jstep;
            }
        }
        self.label[b] = FREE;
        self.labelend[b] = NONE;
        self.blossomchilds[b] = Vec::new();
        self.blossomendps[b] = Vec::new();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    /// Swaps matched and unmatched edges along the path inside blossom `b`
    /// from vertex `v` to the base, so that `v` becomes the new base.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.blossomchilds[b].len() as isize;
        let at = |j: isize| j.rem_euclid(len) as usize;
        let i = self.blossomchilds[b].iter().position(|&c| c == t).unwrap();
        let mut j = i as isize;
        let (jstep, endptrick): (isize, usize) = if i & 1 == 1 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        while j != 0 {
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            let p = self.blossomendps[b][at(j - endptrick as isize)] ^ endptrick;
            if t >= self.n {
                let e = self.endpoint(p);
                self.augment_blossom(t, e);
            }
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            if t >= self.n {
                let e = self.endpoint(p ^ 1);
                self.augment_blossom(t, e);
            }
            let (a, c) = (self.endpoint(p), self.endpoint(p ^ 1));
            self.mate[a] = p ^ 1;
            self.mate[c] = p;
        }
        self.blossomchilds[b].rotate_left(i);
        self.blossomendps[b].rotate_left(i);
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
        debug_assert_eq!(self.blossombase[b], v);
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
        for (mut s, mut p) in [(v, 2 * k + 1), (w, 2 * k)] {
            loop {
                let bs = self.inblossom[s];
                debug_assert_eq!(self.label[bs], S);
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.labelend[bs] == NONE {
                    break;
                }
                let t = self.endpoint(self.labelend[bs]);
                let bt = self.inblossom[t];
                debug_assert_eq!(self.label[bt], T);
                s = self.endpoint(self.labelend[bt]);
                let j = self.endpoint(self.labelend[bt] ^ 1);
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = self.labelend[bt] ^ 1;
            }
        }
    }

    fn solve(&mut self) {
        let n = self.n;
        for _stage in 0..n {
            self.label.fill(FREE);
            self.bestedge.fill(NONE);
            for b in n..2 * n {
                self.blossombestedges[b] = None;
            }
            self.allowedge.fill(false);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v] == NONE && self.label[self.inblossom[v]] == FREE {
                    self.assign_label(v, S, NONE);
                }
            }
            let mut augmented = false;
            loop {
                while let Some(v) = self.queue.pop() {
                    debug_assert_eq!(self.label[self.inblossom[v]], S);
                    for idx in 0..self.neighbend[v].len() {
                        let p = self.neighbend[v][idx];
                        let k = p / 2;
                        let w = self.endpoint(p);
                        let bw = self.inblossom[w];
                        // Looked up each time: a new blossom may have taken `v` in.
                        if self.inblossom[v] == bw {
                            continue;
                        }
                        let mut kslack = 0;
                        if !self.allowedge[k] {
                            kslack = self.slack(k);
                            if kslack <= 0 {
                                self.allowedge[k] = true;
                            }
                        }
                        if self.allowedge[k] {
                            if self.label[bw] == FREE {
                                self.assign_label(w, T, p ^ 1);
                            } else if self.label[bw] == S {
                                let base = self.scan_blossom(v, w);
                                if base != NONE {
                                    self.add_blossom(base, k);
                                } else {
                                    self.augment_matching(k);
                                    augmented = true;
                                    break;
                                }
                            } else if self.label[w] == FREE {
                                debug_assert_eq!(self.label[bw], T);
                                self.label[w] = T;
                                self.labelend[w] = p ^ 1;
                            }
                        } else if self.label[bw] == S {
                            let b = self.inblossom[v];
                            if self.bestedge[b] == NONE || kslack < self.slack(self.bestedge[b]) {
                                self.bestedge[b] = k;
                            }
                        } else if self.label[w] == FREE
                            && (self.bestedge[w] == NONE || kslack < self.slack(self.bestedge[w]))
                        {
                            self.bestedge[w] = k;
                        }
                    }
                    if augmented {
                        break;
                    }
                }
                if augmented {
                    break;
                }
                // No augmenting path with tight edges: change the duals.
                // Type 1: a free vertex's dual reaches zero (then stop;
                // for maximum cardinality, only when nothing else can move).
                let mut deltatype = if self.max_cardinality { 0 } else { 1 };
                let mut delta = self.dualvar[..n].iter().copied().min().unwrap();
                let mut deltaedge = NONE;
                let mut deltablossom = NONE;
                // Type 2: an edge from an S-vertex to a free vertex becomes tight.
                for v in 0..n {
                    if self.label[self.inblossom[v]] == FREE && self.bestedge[v] != NONE {
                        let d = self.slack(self.bestedge[v]);
                        if deltatype == 0 || d < delta {
                            delta = d;
                            deltatype = 2;
                            deltaedge = self.bestedge[v];
                        }
                    }
                }
                // Type 3: an edge between two S-blossoms becomes tight.
                for b in 0..2 * n {
                    if self.blossomparent[b] == NONE && self.label[b] == S && self.bestedge[b] != NONE {
                        let d = self.slack(self.bestedge[b]) / 2;
                        if deltatype == 0 || d < delta {
                            delta = d;
                            deltatype = 3;
                            deltaedge = self.bestedge[b];
                        }
                    }
                }
                // Type 4: a T-blossom's dual reaches zero (then expand it).
                for b in n..2 * n {
                    if self.blossombase[b] != NONE
                        && self.blossomparent[b] == NONE
                        && self.label[b] == T
                        && (deltatype == 0 || self.dualvar[b] < delta)
                    {
                        delta = self.dualvar[b];
                        deltatype = 4;
                        deltablossom = b;
                    }
                }
                for v in 0..n {
                    match self.label[self.inblossom[v]] {
                        S => self.dualvar[v] -= delta,
                        T => self.dualvar[v] += delta,
                        _ => {}
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                        match self.label[b] {
                            S => self.dualvar[b] += delta,
                            T => self.dualvar[b] -= delta,
                            _ => {}
                        }
                    }
                }
                if deltatype == 0 {
                    // Maximum cardinality reached.
                    deltatype = 1;
                    delta = delta.max(0);
                }
                match deltatype {
                    1 => break,
                    2 => {
                        self.allowedge[deltaedge] = true;
                        let (mut i, j, _) = self.edges[deltaedge];
                        if self.label[self.inblossom[i]] == FREE {
                            i = j;
                        }
                        debug_assert_eq!(self.label[self.inblossom[i]], S);
                        self.queue.push(i);
                    }
                    3 => {
                        self.allowedge[deltaedge] = true;
                        let (i, _, _) = self.edges[deltaedge];
                        debug_assert_eq!(self.label[self.inblossom[i]], S);
                        self.queue.push(i);
                    }
                    _ => self.expand_blossom(deltablossom, false),
                }
            }
            if !augmented {
                break;
            }
            // End of a stage: expand the S-blossoms whose dual is zero.
            for b in n..2 * n {
                if self.blossomparent[b] == NONE
                    && self.blossombase[b] != NONE
                    && self.label[b] == S
                    && self.dualvar[b] == 0
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn total(edges: &[(usize, usize, i128)], mate: &[Option<usize>]) -> i128 {
        edges.iter().filter(|&&(i, j, _)| mate[i] == Some(j)).map(|e| e.2).sum()
    }

    /// The best (edge count, total weight) by trying every matching, for
    /// small graphs: the most edges first when `max_cardinality`, else
    /// the weight alone (the count then left at 0).
    fn brute_force(vertices: usize, edges: &[(usize, usize, i128)], max_cardinality: bool) -> (usize, i128) {
        fn go(v: usize, used: &mut [bool], w: &[Vec<Option<i128>>], card: bool) -> (usize, i128) {
            let n = used.len();
            let Some(v) = (v..n).find(|&v| !used[v]) else {
                return (0, 0);
            };
            used[v] = true;
            let mut best = go(v + 1, used, w, card);
            for u in v + 1..n {
                if !used[u] {
                    if let Some(x) = w[v][u] {
                        used[u] = true;
                        let (c, rest) = go(v + 1, used, w, card);
                        best = best.max((if card { c + 1 } else { 0 }, x + rest));
                        used[u] = false;
                    }
                }
            }
            used[v] = false;
            best
        }
        let mut w = vec![vec![None; vertices]; vertices];
        for &(i, j, x) in edges {
            w[i][j] = Some(x);
            w[j][i] = Some(x);
        }
        go(0, &mut vec![false; vertices], &w, max_cardinality)
    }

    #[test]
    fn known_small_cases() {
        // From the classic test set: a path, where the middle edge loses.
        let edges = [(0, 1, 5), (1, 2, 11), (2, 3, 5)];
        let mate = max_weight_matching(4, &edges, false);
        assert_eq!(mate, vec![None, Some(2), Some(1), None]);
        // The same path, asked for the most edges first.
        let mate = max_weight_matching(4, &edges, true);
        assert_eq!(mate, vec![Some(1), Some(0), Some(3), Some(2)]);
        let edges = [(0, 1, 5), (1, 2, 8), (2, 3, 5)];
        assert_eq!(total(&edges, &max_weight_matching(4, &edges, false)), 10);
        // A triangle with a pendant: needs a blossom.
        let edges = [(0, 1, 8), (0, 2, 9), (1, 2, 10), (2, 3, 7)];
        let mate = max_weight_matching(4, &edges, false);
        assert_eq!(total(&edges, &mate), 15);
        assert_eq!(mate[2], Some(3));
        assert_eq!(max_weight_matching(3, &[], true), vec![None; 3]);
    }

    #[test]
    fn random_graphs_match_brute_force() {
        let mut rng = crate::random::SplitMix64::new(2024);
        for case in 0..6000 {
            let max_cardinality = case % 2 == 1;
            let n = 2 + rng.below(9);
            let density = 1 + rng.below(4);
            let spread = [3, 10, 1000][case / 2 % 3];
            let mut edges = Vec::new();
            for i in 0..n {
                for j in i + 1..n {
                    if rng.below(4) < density {
                        // Negative weights too, which only the maximum-
                        // cardinality matching ever takes.
                        edges.push((i, j, rng.below(spread) as i128 - spread as i128 / 4));
                    }
                }
            }
            let mate = max_weight_matching(n, &edges, max_cardinality);
            for (v, m) in mate.iter().enumerate() {
                if let Some(u) = m {
                    assert_eq!(mate[*u], Some(v), "case {case}: mates disagree");
                    assert!(edges.iter().any(|&(i, j, _)| (i, j) == (v, *u) || (j, i) == (v, *u)));
                }
            }
            let size = if max_cardinality {
                mate.iter().flatten().count() / 2
            } else {
                0
            };
            let best = brute_force(n, &edges, max_cardinality);
            assert_eq!((size, total(&edges, &mate)), best, "case {case}: {edges:?}");
            if max_cardinality {
                let perfect = max_weight_perfect_matching(n, &edges);
                if 2 * best.0 == n {
                    let perfect: Vec<Option<usize>> = perfect.unwrap().into_iter().map(Some).collect();
                    assert_eq!(total(&edges, &perfect), best.1, "case {case}: {edges:?}");
                } else {
                    assert_eq!(perfect, None, "case {case}: {edges:?}");
                }
            }
        }
    }
}
