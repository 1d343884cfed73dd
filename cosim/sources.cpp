/*
 * sources.cpp - qpac cosimulation stimulus sources: the seeded random stream
 * (libqpac's generator, hw_only), .pvs replay (libqpac's one reader) and the
 * ComputePAC known-answer tables of ../shared/vectors.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "stim.h"

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

uint64_t cosim_mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

int stim_is_legal(unsigned op, unsigned key)
{
    if (op <= QPAC_OP_XPAC)
        return key <= QPAC_KEY_DB;
    return op == QPAC_OP_PACGA && key == QPAC_KEY_GA;
}

/* One libqpac item (generated or read) as a stimulus: the state after a
 * cfg/key item, the operands of an op. 0: filled; -1: unknown kind. */
static int stim_from_item(Stim &s, const qpac_pvs_item &it, const qpac_state &st)
{
    switch (it.kind) {
    case QPAC_PVS_CFG:
        s.kind = Stim::CFG;
        s.cfg = st.cfg;
        return 0;
    case QPAC_PVS_KEY:
        s.kind = Stim::KEY;
        s.key = it.key;
        s.kv = st.key[it.key];
        return 0;
    case QPAC_PVS_OP:
        s.kind = Stim::OP;
        s.op = it.op;
        s.key = it.key;
        s.x = it.x;
        s.y = it.y;
        return 0;
    }
    return -1;
}

/* ---- the random stream --------------------------------------------------- */

class RandomSource : public Source {
public:
    RandomSource(uint64_t seed, uint64_t count, unsigned shard, unsigned n, unsigned we)
        : seed_(seed), count_(count), n_(n), write_every_(we), block_(shard)
    {
        nblocks_ = (count + COSIM_BLOCK - 1) / COSIM_BLOCK;
    }
    int next(Stim &s) override
    {
        for (;;) {
            if (!in_block_) {
                if (block_ >= nblocks_)
                    return 0;
                start_block();
                continue;
            }
            if (done_ == ops_) {
                in_block_ = false;
                block_ += n_;
                continue;
            }
            s = Stim();
            /* One operation in 64 is one the generator does not make: XPAC
             * with key B (the RTL decodes only bit 1) or an illegal op/key
             * combination, which the unit answers with 0, no fault. */
            inj_ = cosim_mix64(inj_);
            if ((inj_ & 0x3f) == 0) {
                uint64_t r = cosim_mix64(inj_ ^ 0x5a5a);
                if (r & 0x100) {
                    s.op = QPAC_OP_XPAC;
                    s.key = (r & 0x200) ? QPAC_KEY_DB : QPAC_KEY_IB;
                } else {
                    do {
                        r = cosim_mix64(r);
                        s.op = r & 7;
                        s.key = (r >> 3) & 7;
                    } while (stim_is_legal(s.op, s.key));
                }
                s.x = cosim_mix64(r + 1);
                s.y = cosim_mix64(r + 2);
                s.kind = Stim::OP;
                s.index = block_ * COSIM_BLOCK + done_++;
                return 1;
            }
            qpac_pvs_item it;
            qpac_gen_next(&g_, &st_, &it);
            if (stim_from_item(s, it, st_)) {
                fprintf(stderr, "cosim: generator returned item kind %d\n", (int)it.kind);
                return -1;
            }
            if (s.kind == Stim::OP)
                s.index = block_ * COSIM_BLOCK + done_++;
            return 1;
        }
    }

private:
    /* Block b is the generator's shard b of the seed: it opens with a cfg
     * item naming every field and the five keys, so it stands alone. */
    void start_block()
    {
        qpac_gen_init_shard(&g_, seed_, 1, (unsigned)block_);
        qpac_gen_set_write_every(&g_, write_every_);
        qpac_state_init(&st_);
        inj_ = cosim_mix64(seed_ ^ cosim_mix64(block_ + 0x1234567));
        uint64_t first = block_ * COSIM_BLOCK;
        ops_ = count_ - first < COSIM_BLOCK ? count_ - first : COSIM_BLOCK;
        done_ = 0;
        in_block_ = true;
    }

    uint64_t seed_, count_, nblocks_;
    unsigned n_, write_every_;
    uint64_t block_;
    bool in_block_ = false;
    uint64_t ops_ = 0, done_ = 0, inj_ = 0;
    qpac_gen g_;
    qpac_state st_;
};

Source *make_random_source(uint64_t seed, uint64_t count, unsigned shard, unsigned nshards,
                           unsigned write_every)
{
    return new RandomSource(seed, count, shard, nshards, write_every);
}

/* ---- .pvs replay ----------------------------------------------------------- */

/* What the hardware cannot do: QEMU's extension-bit rule is a software mode. */
static int cfg_refused(const char *path, unsigned line, const qpac_config *cfg)
{
    if (cfg->compat != QPAC_COMPAT_ARCH) {
        fprintf(stderr,
                "%s:%u: compat=qemu: the PAC unit implements only the architecture's "
                "rule (compat=arch); QEMU's extension-bit rule exists in the C model "
                "only (use 'qpac check' for this script)\n",
                path, line);
        return 1;
    }
    return 0;
}

int check_pvs_for_hw(const char *path)
{
    FILE *fp = fopen(path, "r");
    if (!fp) {
        fprintf(stderr, "%s: cannot open: %s\n", path, strerror(errno));
        return -1;
    }
    qpac_pvs_reader rd;
    qpac_state st;
    qpac_pvs_item it;
    qpac_pvs_reader_init(&rd, fp, path);
    qpac_state_init(&st);
    int rc, bad = 0;
    while ((rc = qpac_pvs_next(&rd, &st, &it)) == 1)
        if (it.kind == QPAC_PVS_CFG && cfg_refused(path, it.line, &st.cfg)) {
            bad = 1;
            break;
        }
    fclose(fp);
    if (rc < 0) {
        fprintf(stderr, "%s\n", rd.err);
        return -1;
    }
    return bad ? -1 : 0;
}

class PvsSource : public Source {
public:
    explicit PvsSource(const char *path) : path_(path)
    {
        fp_ = fopen(path, "r");
        qpac_pvs_reader_init(&rd_, fp_, path_.c_str());
        qpac_state_init(&st_);
    }
    ~PvsSource() override
    {
        if (fp_)
            fclose(fp_);
    }
    int next(Stim &s) override
    {
        if (!fp_) {
            fprintf(stderr, "%s: cannot open: %s\n", path_.c_str(), strerror(errno));
            return -1;
        }
        qpac_pvs_item it;
        int rc = qpac_pvs_next(&rd_, &st_, &it);
        if (rc == 0)
            return 0;
        if (rc < 0) {
            fprintf(stderr, "%s\n", rd_.err);
            return -1;
        }
        s = Stim();
        s.src = path_.c_str();
        s.line = it.line;
        if (stim_from_item(s, it, st_)) {
            fprintf(stderr, "%s:%u: reader returned item kind %d\n", path_.c_str(), it.line,
                    (int)it.kind);
            return -1;
        }
        if (s.kind == Stim::CFG && cfg_refused(path_.c_str(), it.line, &st_.cfg))
            return -1;
        if (s.kind == Stim::OP) {
            s.fexp = it.expect;
            s.fval = it.expected;
            s.index = nops_++;
        }
        return 1;
    }

private:
    std::string path_;
    FILE *fp_;
    qpac_pvs_reader rd_;
    qpac_state st_;
    uint64_t nops_ = 0;
};

Source *make_pvs_source(const char *path) { return new PvsSource(path); }

/* ---- ComputePAC tables ---------------------------------------------------- */

class ListSource : public Source {
public:
    std::vector<Stim> items;
    std::string path;
    size_t pos = 0;
    int next(Stim &s) override
    {
        if (pos == items.size())
            return 0;
        s = items[pos++];
        s.src = path.c_str();
        return 1;
    }
};

/* libqpac's hex field parser: 1 to 16 hex digits */
static int parse_hex64(const char *tok, uint64_t *v)
{
    return qpac_parse_hex(tok, strlen(tok), 1, 16, v);
}

/* computepac.txt rows: ALG data modifier key_hi key_lo pac
 * qarma64-paper.txt rows: sbox rounds plaintext tweak w0 k0 ciphertext;
 * only (sigma2, 5) = QARMA5 and (sigma1, 3) = QARMA3 exist in hardware. */
Source *make_table_source(const char *path, unsigned *skipped)
{
    FILE *fp = fopen(path, "r");
    if (!fp) {
        fprintf(stderr, "%s: cannot open: %s\n", path, strerror(errno));
        return nullptr;
    }
    ListSource *ls = new ListSource;
    ls->path = path;
    char buf[512];
    unsigned line = 0;
    *skipped = 0;
    static const char *names6[] = {"alg", "data", "modifier", "key_hi", "key_lo", "pac"};
    static const char *names7[] = {"sbox", "rounds", "plaintext", "tweak", "w0", "k0", "ciphertext"};
    while (fgets(buf, sizeof buf, fp)) {
        line++;
        char *p = buf;
        while (isspace((unsigned char)*p))
            p++;
        if (*p == '#' || *p == 0)
            continue;
        char *tok[8];
        int nt = 0;
        for (char *t = strtok(p, " \t\r\n"); t && nt < 8; t = strtok(nullptr, " \t\r\n"))
            tok[nt++] = t;
        qpac_alg alg = QPAC_ALG_QARMA5; /* set below; GCC with -fsanitize cannot see it */
        int first, ok = 1;
        const char **names;
        if (nt == 6 && (!strcmp(tok[0], "QARMA5") || !strcmp(tok[0], "QARMA3"))) {
            alg = !strcmp(tok[0], "QARMA5") ? QPAC_ALG_QARMA5 : QPAC_ALG_QARMA3;
            first = 1;
            names = names6;
        } else if (nt == 7 && !strncmp(tok[0], "sigma", 5)) {
            first = 2;
            names = names7;
            if (!strcmp(tok[0], "sigma2") && !strcmp(tok[1], "5"))
                alg = QPAC_ALG_QARMA5;
            else if (!strcmp(tok[0], "sigma1") && !strcmp(tok[1], "3"))
                alg = QPAC_ALG_QARMA3;
            else
                ok = 0; /* a QARMA-64 variant ComputePAC does not use */
        } else {
            fprintf(stderr, "%s:%u: expected 'QARMA5|QARMA3 data modifier key_hi key_lo pac' "
                            "or 'sigmaN rounds plaintext tweak w0 k0 ciphertext'\n",
                    path, line);
            fclose(fp);
            delete ls;
            return nullptr;
        }
        uint64_t v[5];
        for (int i = 0; i < 5; i++)
            if (parse_hex64(tok[first + i], &v[i])) {
                /* the text is not quoted: it may be a key half */
                fprintf(stderr, "%s:%u: expected up to 16 hex digits (field %s)\n", path, line,
                        names[first + i]);
                fclose(fp);
                delete ls;
                return nullptr;
            }
        if (!ok) {
            ++*skipped;
            continue;
        }
        Stim c, k, o;
        c.kind = Stim::CFG;
        qpac_config_init(&c.cfg);
        c.cfg.alg = alg;
        c.line = line;
        k.kind = Stim::KEY;
        k.key = QPAC_KEY_GA;
        k.kv.hi = v[2];
        k.kv.lo = v[3];
        k.line = line;
        o.kind = Stim::OP;
        o.op = QPAC_OP_PACGA;
        o.key = QPAC_KEY_GA;
        o.x = v[0];
        o.y = v[1];
        o.fexp = QPAC_EXPECT_VALUE;
        o.fval = v[4] & 0xffffffff00000000ull; /* PACGA = ComputePAC<63:32> : Zeros(32) */
        o.line = line;
        o.index = ls->items.size();
        ls->items.push_back(c);
        ls->items.push_back(k);
        ls->items.push_back(o);
    }
    fclose(fp);
    return ls;
}
