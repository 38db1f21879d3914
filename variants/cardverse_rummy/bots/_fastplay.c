/* The compiled core of CardVerse ai:hard's play-outs (bots/playout.py).
 *
 * ``Core.play``, ``Core.deal`` / ``Core.fill`` and ``Core.score`` are the loops of
 * ``Playouts.play``, ``Playouts.sample`` and ``Playouts.score`` written in C, line for
 * line, and ``Core.arrangement`` is ``MeldSolver.arrangement``'s choice of melds for
 * ace-high runs: the same rules, the same order of cards, the same ties, so a
 * decision is the same with or without this module
 * (tests/variants/cardverse/test_fastplay.py plays both on the same positions). playout.py
 * keeps the pure-Python loops as the reference and the fallback: it uses them when
 * this module was not built (no C compiler) or RUMMYKIT_PURE_PYTHON is set.
 *
 * Cards are 0..51 (suit * 13 + rank, rank 0 the ace) and hands bit masks of them;
 * runs are ace high (2 .. K, A), as in CardVerse. Nothing here draws a random
 * number: the deal's order comes in shuffled by the caller.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

typedef uint64_t u64;

#define FULL ((1ULL << 52) - 1)
#define M13 0x1FFFu
#define MAX_SEATS 8
#define MAX_CARDS 64   /* stock, pile */
#define MAX_MELDS 32   /* a table holds at most 17 melds of 52 cards */

static u64 RANK_MASK[13];   /* one rank in every suit */
static u64 SET_MASK[52];    /* the other three cards of a card's rank */
static u64 PAIR_A[52][3], PAIR_B[52][3];  /* the pairs making an ace-high run with a card */
static int N_PAIRS[52];

static inline int popcount(u64 x) { return __builtin_popcountll(x); }
static inline int lowbit(u64 x) { return __builtin_ctzll(x); }
static inline int highbit(u64 x) { return 63 - __builtin_clzll(x); }

/* Run position (2 is 0, king 11, ace 12) of a rank, and back. */
static inline int pos_of(int rank) { return rank == 0 ? 12 : rank - 1; }
static inline int card_at(int suit, int pos) { return suit * 13 + (pos == 12 ? 0 : pos + 1); }
/* A suit's 13-bit rank pattern (bit 0 the ace) in position order, and back. */
static inline unsigned to_pos(unsigned p) { return ((p >> 1) | (p & 1) << 12) & M13; }
static inline unsigned to_rank(unsigned q) { return ((q << 1) & 0x1FFE) | ((q >> 12) & 1); }

static void init_tables(void)
{
    for (int r = 0; r < 13; r++) {
        RANK_MASK[r] = 0;
        for (int s = 0; s < 4; s++)
            RANK_MASK[r] |= 1ULL << (13 * s + r);
    }
    for (int c = 0; c < 52; c++) {
        int s = c / 13, p = pos_of(c % 13), n = 0;
        SET_MASK[c] = RANK_MASK[c % 13] & ~(1ULL << c);
        int pa[3] = {p - 2, p - 1, p + 1}, pb[3] = {p - 1, p + 1, p + 2};
        for (int i = 0; i < 3; i++) {
            if (pa[i] < 0 || pb[i] > 12)
                continue;
            PAIR_A[c][n] = 1ULL << card_at(s, pa[i]);
            PAIR_B[c][n] = 1ULL << card_at(s, pb[i]);
            n++;
        }
        N_PAIRS[c] = n;
    }
}

/* common.completes: card makes a three-card meld with two cards of hand. */
static inline int completes(u64 hand, int card)
{
    if (popcount(hand & SET_MASK[card]) >= 2)
        return 1;
    for (int i = 0; i < N_PAIRS[card]; i++)
        if ((hand & PAIR_A[card][i]) && (hand & PAIR_B[card][i]))
            return 1;
    return 0;
}

static inline u64 run_comp(unsigned p)
{
    unsigned q = to_pos(p);
    unsigned adj = q & q >> 1, gap = q & q >> 2;
    return to_rank((adj >> 1 | adj << 2 | gap << 1) & M13);
}

/* common.completing: the cards outside hand completing a meld with two of it. */
static inline u64 completing(u64 hand)
{
    u64 a = hand & M13, b = hand >> 13 & M13, c = hand >> 26 & M13, d = hand >> 39 & M13;
    u64 pairs = (a & (b | c | d)) | (b & (c | d)) | (c & d);
    u64 spread = pairs | pairs << 13 | pairs << 26 | pairs << 39;
    return (spread | run_comp(a) | run_comp(b) << 13 | run_comp(c) << 26 | run_comp(d) << 39) & ~hand;
}

static inline int has_run(unsigned p)
{
    unsigned q = to_pos(p);
    return (q & q >> 1 & q >> 2) != 0;
}

/* common.has_meld */
static inline int has_meld(u64 hand)
{
    u64 a = hand & M13, b = hand >> 13 & M13, c = hand >> 26 & M13, d = hand >> 39 & M13;
    if ((a & b & (c | d)) || (c & d & (a | b)))
        return 1;
    return has_run(a) || has_run(b) || has_run(c) || has_run(d);
}

/* table.extensions: the cards that may be added to the valid meld m. */
static inline u64 extensions(u64 m)
{
    int first = lowbit(m), r = first % 13;
    if ((m & RANK_MASK[r]) == m) {
        if (popcount(m) >= 4)
            return 0;
        return RANK_MASK[r] & ~m;
    }
    int s = first / 13;
    unsigned q = to_pos((unsigned)(m >> (13 * s)) & M13);
    int lo = lowbit(q), hi = highbit(q);
    u64 out = 0;
    if (lo > 0)
        out |= 1ULL << card_at(s, lo - 1);
    if (hi < 12)
        out |= 1ULL << card_at(s, hi + 1);
    return out;
}

/* common.live_partners */
static inline int live_partners(int card, u64 hand, u64 live)
{
    u64 same = SET_MASK[card];
    int n = popcount(hand & same) * popcount(live & same);
    for (int i = 0; i < N_PAIRS[card]; i++) {
        u64 x = PAIR_A[card][i], y = PAIR_B[card][i];
        if (((hand & x) && (live & y)) || ((hand & y) && (live & x)))
            n++;
    }
    return n;
}

/* playout._run_through, shifted into the card's suit. */
static inline u64 run_through(u64 hand, int card)
{
    int s = card / 13;
    unsigned q = to_pos((unsigned)(hand >> (13 * s)) & M13);
    int p = pos_of(card % 13), lo = p, hi = p;
    while (lo > 0 && (q >> (lo - 1) & 1))
        lo--;
    while (hi < 12 && (q >> (hi + 1) & 1))
        hi++;
    if (hi - lo < 2)
        return 0;
    unsigned run = ((1u << (hi + 1)) - 1) & ~((1u << lo) - 1);
    return (u64)to_rank(run) << (13 * s);
}

typedef struct {
    PyObject_HEAD
    int pts[52];         /* each card's points */
    int rank[52];        /* its place in ai:easy's shedding order (shed first: highest) */
    u64 below[53];       /* the cards placed under each place */
    short T[4][1 << 13];  /* per suit and rank pattern: its least deadwood by runs alone */
} Core;

static inline int hand_points(const Core *self, u64 h)
{
    int t = 0;
    while (h) {
        t += self->pts[lowbit(h)];
        h &= h - 1;
    }
    return t;
}

static int lowest_seat(const Core *self, const u64 *hands, int n)
{
    int best = 0, bv = hand_points(self, hands[0]);
    for (int s = 1; s < n; s++) {
        int v = hand_points(self, hands[s]);
        if (v < bv) {
            bv = v;
            best = s;
        }
    }
    return best;
}

/* playout._meld_with */
static u64 meld_with(const Core *self, u64 hand, int card)
{
    u64 best = 0, same = hand & RANK_MASK[card % 13];
    if (popcount(same) >= 3)
        best = same;
    u64 run = run_through(hand, card);
    if (run) {
        if (!best)
            return run;
        int rp = hand_points(self, run), sp = hand_points(self, best);
        if (rp > sp || (rp == sp && run < best))
            return run;
    }
    return best;
}

/* The ace-high runs of one suit's pattern, each block of three or more consecutive
 * positions whole (MeldSolver._suit_runs(p, split=False)[0]), appended to out. */
static int suit_runs(unsigned p, int suit, u64 *out, int n)
{
    unsigned q = to_pos(p);
    while (q) {
        unsigned low = q & -q, block = q & ~(q + low);
        q ^= block;
        if (popcount(block) >= 3)
            out[n++] = (u64)to_rank(block) << (13 * suit);
    }
    return n;
}

#define MAX_STATES 1300  /* 6 set choices at each of at most 4 ranks (6**4 = 1296) */

/* MeldSolver.arrangement(hand)[1] for ace-high runs: among the set choices that leave
 * the least deadwood (runs uncut), the fewest melds, then the smallest sorted tuple
 * of masks. Writes the melds (sorted) to out and returns how many. */
static int arrangement(const Core *self, u64 hand, u64 *out)
{
    unsigned a[4] = {hand & M13, hand >> 13 & M13, hand >> 26 & M13, hand >> 39 & M13};
    unsigned trip = (a[0] & a[1] & (a[2] | a[3])) | (a[2] & a[3] & (a[0] | a[1]));
    static unsigned pats[MAX_STATES][4];
    static u64 sets[MAX_STATES][4];
    static int nsets[MAX_STATES];
    int ns = 1;
    memcpy(pats[0], a, sizeof a);
    nsets[0] = 0;
    while (trip) {
        unsigned b = trip & -trip;
        int r = lowbit(b);
        trip ^= b;
        int present[4], np = 0;
        for (int i = 0; i < 4; i++)
            if (a[i] & b)
                present[np++] = i;
        /* the subsets: all present suits; with four, also each leaving one out */
        int subs[5][4], nsub[5], k = 0;
        memcpy(subs[0], present, sizeof present);
        nsub[k++] = np;
        if (np == 4)
            for (int left = 0; left < 4; left++, k++) {
                nsub[k] = 0;
                for (int j = 0; j < 4; j++)
                    if (present[j] != present[left])
                        subs[k][nsub[k]++] = present[j];
            }
        if (ns * (k + 1) > MAX_STATES)
            return -1;  /* more than 14 cards: play() refuses such hands first */
        static unsigned npats[MAX_STATES][4];
        static u64 nsets_m[MAX_STATES][4];
        static int nn[MAX_STATES];
        int m = 0;
        for (int st = 0; st < ns; st++) {
            memcpy(npats[m], pats[st], sizeof pats[st]);
            memcpy(nsets_m[m], sets[st], sizeof sets[st]);
            nn[m++] = nsets[st];
            for (int j = 0; j < k; j++) {
                memcpy(npats[m], pats[st], sizeof pats[st]);
                memcpy(nsets_m[m], sets[st], sizeof sets[st]);
                u64 meld = 0;
                for (int t = 0; t < nsub[j]; t++) {
                    npats[m][subs[j][t]] ^= b;
                    meld |= 1ULL << (13 * subs[j][t] + r);
                }
                nsets_m[m][nsets[st]] = meld;
                nn[m++] = nsets[st] + 1;
            }
        }
        ns = m;
        memcpy(pats, npats, sizeof(pats[0]) * ns);
        memcpy(sets, nsets_m, sizeof(sets[0]) * ns);
        memcpy(nsets, nn, sizeof(nsets[0]) * ns);
    }
    static int value[MAX_STATES];  /* each state's deadwood, its suits' runs uncut */
    int least = -1;
    for (int st = 0; st < ns; st++) {
        value[st] = self->T[0][pats[st][0]] + self->T[1][pats[st][1]] + self->T[2][pats[st][2]]
                    + self->T[3][pats[st][3]];
        if (least < 0 || value[st] < least)
            least = value[st];
    }
    int best_n = -1;
    u64 cand[24];
    for (int st = 0; st < ns; st++) {
        if (value[st] != least)
            continue;
        int n = 0;
        for (int j = 0; j < nsets[st]; j++)
            cand[n++] = sets[st][j];
        for (int si = 0; si < 4; si++)
            if (pats[st][si])
                n = suit_runs(pats[st][si], si, cand, n);
        for (int i = 1; i < n; i++) {  /* sort ascending */
            u64 x = cand[i];
            int j = i;
            while (j > 0 && cand[j - 1] > x) {
                cand[j] = cand[j - 1];
                j--;
            }
            cand[j] = x;
        }
        int better = best_n < 0 || n < best_n;
        if (!better && n == best_n)
            for (int i = 0; i < n; i++)
                if (cand[i] != out[i]) {
                    better = cand[i] < out[i];
                    break;
                }
        if (better) {
            memcpy(out, cand, sizeof(u64) * n);
            best_n = n;
        }
    }
    return best_n;
}

/* playout._lay: lay hand's melds on table and then every card that fits it.
 * drawn < 0: none. Returns 0, or -1 with a Python error set. */
static int lay(Core *self, u64 *hand, u64 *table, int *nt, u64 *reach, int drawn)
{
    u64 h = *hand;
    if (has_meld(h)) {
        u64 melds[24];
        int k;
        if (drawn >= 0 && !has_meld(h & ~(1ULL << drawn))) {
            melds[0] = meld_with(self, h, drawn);
            k = 1;
        } else if ((k = arrangement(self, h, melds)) < 0) {
            PyErr_SetString(PyExc_ValueError, "a hand too large to arrange");
            return -1;
        }
        if (*nt + k > MAX_MELDS) {
            PyErr_SetString(PyExc_ValueError, "too many table melds");
            return -1;
        }
        for (int i = 0; i < k; i++) {
            h &= ~melds[i];
            table[(*nt)++] = melds[i];
            *reach |= extensions(melds[i]);
        }
    }
    while (h & *reach) {
        for (int i = 0; i < *nt; i++) {
            u64 fit = extensions(table[i]) & h;
            if (fit) {
                u64 low = fit & -fit;
                h ^= low;
                table[i] |= low;
            }
        }
        u64 r = 0;
        for (int i = 0; i < *nt; i++)
            r |= extensions(table[i]);
        *reach = r;
    }
    *hand = h;
    return 0;
}

/* Read a list of ints (cards or masks) into out; -1 with an error set. */
static int read_masks(PyObject *obj, u64 *out, int cap, const char *what)
{
    PyObject *seq = PySequence_Fast(obj, what);
    if (!seq)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > cap) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "%s: too long", what);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        u64 v = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(seq, i));
        if (v == (u64)-1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        out[i] = v;
    }
    Py_DECREF(seq);
    return (int)n;
}

static int read_cards(PyObject *obj, int *out, int cap, const char *what)
{
    u64 tmp[MAX_CARDS];
    int n = read_masks(obj, tmp, cap, what);
    for (int i = 0; i < n; i++) {
        if (tmp[i] >= 52) {
            PyErr_Format(PyExc_ValueError, "%s: not a card", what);
            return -1;
        }
        out[i] = (int)tmp[i];
    }
    return n;
}

/* Read one int per seat (n of them) into out: -1 for none (None too, if none_ok),
 * else 0..hi; -1 with an error set. */
static int read_seat_ints(PyObject *obj, int *out, int n, const char *what, int hi, int none_ok)
{
    PyObject *seq = PySequence_Fast(obj, what);
    if (!seq)
        return -1;
    if (PySequence_Fast_GET_SIZE(seq) != n) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "%s: one entry per seat", what);
        return -1;
    }
    for (int s = 0; s < n; s++) {
        PyObject *x = PySequence_Fast_GET_ITEM(seq, s);
        long v = x == Py_None && none_ok ? -1 : PyLong_AsLong(x);
        if (v < -1 || v > hi || (v == -1 && PyErr_Occurred())) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError, "%s: out of range", what);
            Py_DECREF(seq);
            return -1;
        }
        out[s] = (int)v;
    }
    Py_DECREF(seq);
    return 0;
}

static PyObject *masks_list(const u64 *v, int n)
{
    PyObject *out = PyList_New(n);
    if (!out)
        return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *x = PyLong_FromUnsignedLongLong(v[i]);
        if (!x) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, x);
    }
    return out;
}

static PyObject *result(int winner, const u64 *hands, int n)
{
    PyObject *h = masks_list(hands, n);
    if (!h)
        return NULL;
    return Py_BuildValue("(iN)", winner, h);
}

PyDoc_STRVAR(play_doc,
"play(hands, stock, pile, table, me, cur, first_take, keep) -> (winner, hands)\n\n"
"Playouts.play: the round played out from cur's draw (first_take: None, or\n"
"whether this seat's first draw is the pile's top); keep: Playouts.keep.");

static PyObject *Core_play(Core *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 8) {
        PyErr_SetString(PyExc_TypeError, "play takes 8 arguments");
        return NULL;
    }
    u64 hands[MAX_SEATS], table[MAX_MELDS], laid[MAX_MELDS];
    int stock[MAX_CARDS], pile[MAX_CARDS];
    int n = read_masks(args[0], hands, MAX_SEATS, "hands");
    if (n < 0)
        return NULL;
    int ns = read_cards(args[1], stock, MAX_CARDS, "stock");
    if (ns < 0)
        return NULL;
    int np = read_cards(args[2], pile, MAX_CARDS, "pile");
    if (np < 0)
        return NULL;
    int nt = read_masks(args[3], table, MAX_MELDS, "table");
    if (nt < 0)
        return NULL;
    if (np + ns > 52) {
        PyErr_SetString(PyExc_ValueError, "more cards than a deck");
        return NULL;
    }
    long me = PyLong_AsLong(args[4]);
    if (me == -1 && PyErr_Occurred())
        return NULL;
    long cur = PyLong_AsLong(args[5]);
    if (cur == -1 && PyErr_Occurred())
        return NULL;
    if (n < 1 || me < 0 || me >= n || cur < 0 || cur >= n) {
        PyErr_SetString(PyExc_ValueError, "seat out of range");
        return NULL;
    }
    int first_take = args[6] == Py_None ? -1 : PyObject_IsTrue(args[6]);
    if (first_take == -1 && args[6] != Py_None)
        return NULL;
    double keep = PyFloat_AsDouble(args[7]);
    if (keep == -1.0 && PyErr_Occurred())
        return NULL;
    for (int i = 0; i < nt; i++)
        if (!table[i] || table[i] & ~FULL) {
            PyErr_SetString(PyExc_ValueError, "a table meld must be a non-empty mask of cards");
            return NULL;
        }
    for (int i = 0; i < n; i++) {
        if (hands[i] & ~FULL) {
            PyErr_SetString(PyExc_ValueError, "a hand must be a mask of cards");
            return NULL;
        }
        if (popcount(hands[i]) > 13) {
            PyErr_SetString(PyExc_ValueError, "a hand of more than 13 cards");
            return NULL;
        }
    }

    u64 reach = 0;
    for (int i = 0; i < nt; i++)
        reach |= extensions(table[i]);
    for (int turn = 0; turn < 200; turn++) {
        u64 hand = hands[cur];
        int top = np ? pile[np - 1] : -1;
        int draw_top;
        if (cur == me && first_take >= 0) {
            draw_top = first_take;
            first_take = -1;
        } else if (cur == me) {  /* Playouts._my_draw */
            if (!ns)
                draw_top = top >= 0 && lowest_seat(self, hands, n) != me;
            else
                draw_top = top >= 0 && (completes(hands[me], top) || (reach >> top & 1));
        } else
            draw_top = top >= 0 && completes(hand, top);
        int drawn;
        if (draw_top && top >= 0)
            drawn = pile[--np];
        else if (ns)
            drawn = stock[--ns];
        else
            return result(lowest_seat(self, hands, n), hands, n);
        hand |= 1ULL << drawn;
        u64 loose;
        if (cur != me) {
            if (lay(self, &hand, table, &nt, &reach, drawn) < 0)
                return NULL;
            loose = hand;
        } else {
            int nl = nt;
            u64 left = hand, laid_reach = reach;
            memcpy(laid, table, sizeof(u64) * nt);
            if (lay(self, &left, laid, &nl, &laid_reach, -1) < 0)
                return NULL;
            if ((left & (left - 1)) == 0 || ns < n - 1) {
                hand = left;
                memcpy(table, laid, sizeof(u64) * nl);
                nt = nl;
                reach = laid_reach;
                loose = hand;
            } else
                loose = left ? left : hand;
        }
        if (!hand) {
            hands[cur] = 0;
            return result((int)cur, hands, n);
        }
        int best = -1;
        if (cur == me && keep != 0.0 && ns >= n - 1) {
            u64 live = FULL & ~hand;
            for (int i = 0; i < nt; i++)
                live &= ~table[i];
            for (int i = 0; i < np; i++)
                live &= ~(1ULL << pile[i]);
            double bv = 0.0;
            int br = 0;
            for (u64 l = loose; l; l &= l - 1) {
                int c = lowbit(l);
                double v = (double)self->pts[c] - keep * (double)live_partners(c, hand, live);
                if (best < 0 || v > bv || (v == bv && self->rank[c] > br)) {
                    best = c;
                    bv = v;
                    br = self->rank[c];
                }
            }
        } else {
            int br = -1;
            for (u64 l = loose; l; l &= l - 1) {
                int c = lowbit(l);
                if (self->rank[c] > br) {
                    br = self->rank[c];
                    best = c;
                }
            }
        }
        hand &= ~(1ULL << best);
        pile[np++] = best;
        hands[cur] = hand;
        if (!hand)
            return result((int)cur, hands, n);
        cur = (cur + 1) % n;
    }
    return result(lowest_seat(self, hands, n), hands, n);
}

PyDoc_STRVAR(fill_doc,
"fill(pool, seat, hand, unknown, held, blocked, last_pass, bound) -> (hands, stock)\n\n"
"Playouts.sample after its shuffle: every seat's hand filled from pool (the\n"
"unseen cards, shuffled) and the stock. bound: per seat, the shedding place of\n"
"the card bounding its hand, or -1 for none; last_pass: a card or None.");

/* fill and deal after the pool: args are (seat, hand, unknown, held, blocked,
 * last_pass, bound). */
static PyObject *fill_from(Core *self, const int *pool, int np, PyObject *const *args)
{
    u64 unknown[MAX_SEATS], held[MAX_SEATS], blocked[MAX_SEATS], hands[MAX_SEATS];
    int bound[MAX_SEATS], last_pass[MAX_SEATS];
    long seat = PyLong_AsLong(args[0]);
    if (seat == -1 && PyErr_Occurred())
        return NULL;
    u64 hand = PyLong_AsUnsignedLongLong(args[1]);
    if (hand == (u64)-1 && PyErr_Occurred())
        return NULL;
    int n = read_masks(args[2], unknown, MAX_SEATS, "unknown");
    if (n < 0 || read_masks(args[3], held, MAX_SEATS, "held") != n
        || read_masks(args[4], blocked, MAX_SEATS, "blocked") != n) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "one entry per seat");
        return NULL;
    }
    if (read_seat_ints(args[5], last_pass, n, "last_pass", 51, 1) < 0
        || read_seat_ints(args[6], bound, n, "bound", 52, 0) < 0)
        return NULL;
    if (seat < 0 || seat >= n) {
        PyErr_SetString(PyExc_ValueError, "seat out of range");
        return NULL;
    }
    if (hand & ~FULL) {
        PyErr_SetString(PyExc_ValueError, "a hand must be a mask of cards");
        return NULL;
    }
    for (int s = 0; s < n; s++)
        if ((held[s] | blocked[s]) & ~FULL) {
            PyErr_SetString(PyExc_ValueError, "held and blocked must be masks of cards");
            return NULL;
        }

    /* The seats to fill, the most constrained first (a stable sort, as sorted()). */
    int order[MAX_SEATS], no = 0;
    for (int s = 0; s < n; s++) {
        if (s == seat)
            continue;
        int key = bound[s] < 0 ? 99 : bound[s];
        int i = no++;
        while (i > 0) {
            int t = order[i - 1];
            int tk = bound[t] < 0 ? 99 : bound[t];
            if (tk <= key)
                break;
            order[i] = t;
            i--;
        }
        order[i] = s;
    }
    for (int s = 0; s < n; s++)
        hands[s] = 0;
    hands[seat] = hand;
    u64 used = 0;
    for (int oi = 0; oi < no; oi++) {
        int s = order[oi];
        long need = (long)unknown[s];
        u64 h = held[s];
        if (need) {
            u64 allowed = FULL & ~used;
            if (bound[s] >= 0)
                allowed &= self->below[bound[s]] & ~blocked[s];
            int passed = last_pass[s];
            u64 with_pass = passed < 0 ? 0 : 1ULL << passed;
            u64 ok = (passed >= 0 && completes(h, passed)) ? 0 : allowed & ~completing(h | with_pass);
            long got = 0;
            for (int i = 0; i < np; i++) {
                int c = pool[i];
                if (ok >> c & 1) {
                    h |= 1ULL << c;
                    used |= 1ULL << c;
                    if (++got == need)
                        break;
                    ok = allowed & ~used & ~completing(h | with_pass);
                }
            }
            if (got < need) {  /* too few fit: the rest freely */
                for (int i = 0; i < np; i++) {
                    if (got == need)
                        break;
                    int c = pool[i];
                    if (!(used >> c & 1)) {
                        h |= 1ULL << c;
                        used |= 1ULL << c;
                        got++;
                    }
                }
            }
        }
        hands[s] = h;
    }
    PyObject *hl = masks_list(hands, n);
    if (!hl)
        return NULL;
    PyObject *st = PyList_New(0);
    if (!st) {
        Py_DECREF(hl);
        return NULL;
    }
    for (int i = 0; i < np; i++) {
        if (used >> pool[i] & 1)
            continue;
        PyObject *x = PyLong_FromLong(pool[i]);
        if (!x || PyList_Append(st, x) < 0) {
            Py_XDECREF(x);
            Py_DECREF(hl);
            Py_DECREF(st);
            return NULL;
        }
        Py_DECREF(x);
    }
    return Py_BuildValue("(NN)", hl, st);
}


static PyObject *Core_fill(Core *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 8) {
        PyErr_SetString(PyExc_TypeError, "fill takes 8 arguments");
        return NULL;
    }
    int pool[MAX_CARDS];
    int np = read_cards(args[0], pool, 52, "pool");
    if (np < 0)
        return NULL;
    return fill_from(self, pool, np, args + 1);
}

PyDoc_STRVAR(deal_doc,
"deal(unseen, getrandbits, seat, hand, unknown, held, blocked, last_pass, bound)\n"
"-> (hands, stock)\n\n"
"Playouts.sample whole: the unseen cards (a mask) in ascending order, shuffled as\n"
"random.Random.shuffle does with getrandbits (the generator's bound method), then\n"
"fill's work on them.");

static PyObject *Core_deal(Core *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 9) {
        PyErr_SetString(PyExc_TypeError, "deal takes 9 arguments");
        return NULL;
    }
    u64 unseen = PyLong_AsUnsignedLongLong(args[0]);
    if (unseen == (u64)-1 && PyErr_Occurred())
        return NULL;
    if (unseen & ~FULL) {
        PyErr_SetString(PyExc_ValueError, "unseen must be a mask of cards");
        return NULL;
    }
    PyObject *getrandbits = args[1];
    int pool[MAX_CARDS], np = 0;
    for (u64 u = unseen; u; u &= u - 1)
        pool[np++] = lowbit(u);
    /* random.Random.shuffle: for i from the end down to 1, swap x[i] with x[j], j
     * below i + 1 by _randbelow_with_getrandbits (k bits, drawn again while >= i + 1). */
    for (int i = np - 1; i >= 1; i--) {
        long n = i + 1, k = 64 - __builtin_clzll((u64)n), j;
        PyObject *bits = PyLong_FromLong(k);
        if (!bits)
            return NULL;
        do {
            PyObject *r = PyObject_CallOneArg(getrandbits, bits);
            if (!r) {
                Py_DECREF(bits);
                return NULL;
            }
            j = PyLong_AsLong(r);
            Py_DECREF(r);
            if (j == -1 && PyErr_Occurred()) {
                Py_DECREF(bits);
                return NULL;
            }
        } while (j >= n || j < 0);
        Py_DECREF(bits);
        int t = pool[i];
        pool[i] = pool[j];
        pool[j] = t;
    }
    return fill_from(self, pool, np, args + 2);
}

PyDoc_STRVAR(arrangement_doc,
"arrangement(hand) -> melds\n\n"
"MeldSolver.arrangement(hand)[1] for CardVerse (ace-high runs), as the play-outs\n"
"lay a hand down: a tuple of meld masks, sorted. Hands of at most 14 cards.");

static PyObject *Core_arrangement(Core *self, PyObject *arg)
{
    u64 hand = PyLong_AsUnsignedLongLong(arg);
    if (hand == (u64)-1 && PyErr_Occurred())
        return NULL;
    if (hand & ~FULL || popcount(hand) > 14) {
        PyErr_SetString(PyExc_ValueError, "a hand must be a mask of at most 14 cards");
        return NULL;
    }
    u64 melds[24];
    int k = arrangement(self, hand, melds);
    if (k < 0) {
        PyErr_SetString(PyExc_ValueError, "a hand too large to arrange");
        return NULL;
    }
    PyObject *list = masks_list(melds, k);
    if (!list)
        return NULL;
    PyObject *out = PyList_AsTuple(list);
    Py_DECREF(list);
    return out;
}

PyDoc_STRVAR(score_doc,
"score(winner, hands) -> int\n\n"
"Playouts.score: the card points of every hand but the winner's.");

static PyObject *Core_score(Core *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "score takes 2 arguments");
        return NULL;
    }
    u64 hands[MAX_SEATS];
    long winner = PyLong_AsLong(args[0]);
    if (winner == -1 && PyErr_Occurred())
        return NULL;
    int n = read_masks(args[1], hands, MAX_SEATS, "hands");
    if (n < 0)
        return NULL;
    if (winner < 0 || winner >= n) {
        PyErr_SetString(PyExc_ValueError, "seat out of range");
        return NULL;
    }
    long total = 0;
    for (int s = 0; s < n; s++) {
        if (hands[s] & ~FULL) {
            PyErr_SetString(PyExc_ValueError, "a hand must be a mask of cards");
            return NULL;
        }
        if (s != winner)
            total += hand_points(self, hands[s]);
    }
    return PyLong_FromLong(total);
}

static int Core_init(Core *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"points", "rank", NULL};
    PyObject *pts, *rank;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OO", kwlist, &pts, &rank))
        return -1;
    u64 p[52], r[52];
    if (read_masks(pts, p, 52, "points") != 52 || read_masks(rank, r, 52, "rank") != 52) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "one entry per card");
        return -1;
    }
    int seen[52] = {0};
    for (int c = 0; c < 52; c++) {
        if (r[c] >= 52 || seen[r[c]]++ || p[c] > 1000) {
            PyErr_SetString(PyExc_ValueError, "rank must order the 52 cards; points at most 1000");
            return -1;
        }
        self->pts[c] = (int)p[c];
        self->rank[c] = (int)r[c];
    }
    for (int i = 0; i <= 52; i++) {
        u64 m = 0;
        for (int c = 0; c < 52; c++)
            if (self->rank[c] < i)
                m |= 1ULL << c;
        self->below[i] = m;
    }
    /* Runs alone meld every block of three or more consecutive positions whole, so a
     * suit's least deadwood by runs is the points outside such blocks. */
    for (int suit = 0; suit < 4; suit++)
        for (unsigned pat = 0; pat < (1u << 13); pat++) {
            unsigned q = to_pos(pat), loose = 0;
            while (q) {
                unsigned low = q & -q, block = q & ~(q + low);
                q ^= block;
                if (popcount(block) < 3)
                    loose |= block;
            }
            self->T[suit][pat] = (short)hand_points(self, (u64)to_rank(loose) << (13 * suit));
        }
    return 0;
}

static void Core_dealloc(Core *self)
{
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyMethodDef Core_methods[] = {
    {"play", (PyCFunction)(void (*)(void))Core_play, METH_FASTCALL, play_doc},
    {"fill", (PyCFunction)(void (*)(void))Core_fill, METH_FASTCALL, fill_doc},
    {"deal", (PyCFunction)(void (*)(void))Core_deal, METH_FASTCALL, deal_doc},
    {"score", (PyCFunction)(void (*)(void))Core_score, METH_FASTCALL, score_doc},
    {"arrangement", (PyCFunction)Core_arrangement, METH_O, arrangement_doc},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "rummykit.variants.cardverse_rummy.bots._fastplay.Core",
    .tp_doc = PyDoc_STR("Core(points, rank): one seat's play-out loops (card points, shedding order)."),
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
};

static struct PyModuleDef fastplay_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_fastplay",
    .m_doc = PyDoc_STR("The compiled loops of CardVerse ai:hard's play-outs (see bots/playout.py)."),
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__fastplay(void)
{
    init_tables();
    if (PyType_Ready(&CoreType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&fastplay_module);
    if (!m)
        return NULL;
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(m, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
