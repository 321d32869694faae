#!/usr/bin/env node
/*
 * majiang-ai (電脳麻将's AI, @kobalab/majiang-ai, MIT) as an mjai bot.
 *
 * Reads mjai on stdin: a JSON array of events per line (mjai.app's wire style) or one
 * event per line (classic); writes one JSON reply per line.  The events are turned into
 * majiang-core's messages (kaiju, qipai, zimo, gangzimo, dapai, fulou, gang, kaigang) and
 * the AI's answer to the last one ({dapai}, {fulou}, {gang}, {hule}, {daopai}) back into
 * mjai.  A riichi is mjai's two steps: the AI's "m1*" discard is answered "reach", and the
 * discard itself after the reach event comes back.
 *
 * Installed by `make external-bots` (npm install here).  Used by hanchan's
 * `simulate --bots mjai:'node benchmarks/external/majiang_mjai.js'`.
 */
"use strict";

const readline = require("readline");
const Majiang = require("@kobalab/majiang-core");
const AI = require("@kobalab/majiang-ai");

const HONOURS = "ESWNPFC";

// mjai tile -> majiang tile: 1m -> m1, 5mr -> m0, E -> z1 .. C -> z7, ? -> _
function toPai(name) {
    if (name === "?") return "_";
    const h = HONOURS.indexOf(name);
    if (h >= 0) return "z" + (h + 1);
    return name[1] + (name.length === 3 ? "0" : name[0]);
}

// majiang tile -> mjai tile
function toMjai(pai) {
    const s = pai[0], n = pai[1];
    if (s === "z") return HONOURS[+n - 1];
    return n === "0" ? "5" + s + "r" : n + s;
}

function handString(tiles) {
    const bySuit = { m: [], p: [], s: [], z: [] };
    for (const t of tiles) {
        const p = toPai(t);
        bySuit[p[0]].push(p[1]);
    }
    return ["m", "p", "s", "z"].filter(s => bySuit[s].length)
        .map(s => s + bySuit[s].sort().join("")).join("");
}

class Adapter {
    constructor() {
        this.player = null;
        this.me = 0;
        this.oya = 0;
        this.reaching = [false, false, false, false]; // reach event seen, dahai to come
        this.afterKan = [false, false, false, false];
        this.pons = [{}, {}, {}, {}];                   // pon strings by tile kind, per seat
        this.riichiTile = null;                         // our riichi discard, after our reach
        this.drawn = null;
        this.reply = null;                              // the AI's answer to the last message
    }

    l(seat) { return (seat - this.oya + 4) % 4; }

    send(msg) {
        this.reply = null;
        this.player.action(msg, (reply) => { this.reply = reply || null; });
        return this.reply;
    }

    meld(ev, kind) {
        // chi/pon/daiminkan as majiang's string: the called tile's digit, then the mark
        // of the seat it came from (+ right, = across, - left)
        const mark = ["", "+", "=", "-"][(this.l(ev.target) - this.l(ev.actor) + 4) % 4];
        const called = toPai(ev.pai);
        const suit = called[0];
        const own = ev.consumed.map(t => toPai(t)[1]);
        let m;
        if (kind === "chi") {
            const all = own.map(d => ({ d, c: false })).concat([{ d: called[1], c: true }]);
            all.sort((a, b) => (+a.d || 5) - (+b.d || 5));
            m = suit + all.map(x => x.d + (x.c ? mark : "")).join("");
        } else {
            m = suit + own.join("") + called[1] + mark;
        }
        return Majiang.Shoupai.valid_mianzi(m) || m;
    }

    feed(ev) {
        const t = ev.type;
        if (t === "start_game") {
            this.me = ev.id || 0;
            this.player = new AI();
            return this.send({ kaiju: { id: this.me, rule: Majiang.rule(), title: "",
                                        player: ["", "", "", ""], qijia: 0 } });
        }
        if (!this.player) return null;
        if (t === "start_kyoku") {
            this.oya = ev.oya;
            this.reaching = [false, false, false, false];
            this.afterKan = [false, false, false, false];
            this.pons = [{}, {}, {}, {}];
            this.riichiTile = null;
            const shoupai = ["", "", "", ""];
            shoupai[this.l(this.me)] = handString(ev.tehais[this.me]);
            const defen = [0, 1, 2, 3].map(l => ev.scores[(this.oya + l) % 4]);
            return this.send({ qipai: {
                zhuangfeng: "ESWN".indexOf(ev.bakaze), jushu: ev.kyoku - 1,
                changbang: ev.honba, lizhibang: ev.kyotaku, defen: defen,
                baopai: toPai(ev.dora_marker), shoupai: shoupai } });
        }
        if (t === "tsumo") {
            const p = ev.actor === this.me ? toPai(ev.pai) : undefined;
            if (ev.actor === this.me) this.drawn = ev.pai;
            const kan = this.afterKan[ev.actor];
            this.afterKan[ev.actor] = false;
            const body = { l: this.l(ev.actor), p: p };
            return this.send(kan ? { gangzimo: body } : { zimo: body });
        }
        if (t === "reach") {
            this.reaching[ev.actor] = true;
            return null;
        }
        if (t === "dahai") {
            let p = toPai(ev.pai) + (ev.tsumogiri ? "_" : "");
            if (this.reaching[ev.actor]) p += "*";
            this.reaching[ev.actor] = false;
            if (ev.actor === this.me) this.drawn = null;
            return this.send({ dapai: { l: this.l(ev.actor), p: p } });
        }
        if (t === "chi" || t === "pon" || t === "daiminkan") {
            const m = this.meld(ev, t);
            if (t === "pon") this.pons[ev.actor][toPai(ev.pai)[0] + (+toPai(ev.pai)[1] || 5)] = m;
            if (t === "daiminkan") this.afterKan[ev.actor] = true;
            return this.send({ fulou: { l: this.l(ev.actor), m: m } });
        }
        if (t === "ankan") {
            const p = toPai(ev.consumed[0]);
            const digits = ev.consumed.map(x => toPai(x)[1]).sort().reverse().join("");
            this.afterKan[ev.actor] = true;
            return this.send({ gang: { l: this.l(ev.actor), m: p[0] + digits } });
        }
        if (t === "kakan") {
            const p = toPai(ev.pai);
            const key = p[0] + (+p[1] || 5);
            const pon = this.pons[ev.actor][key];
            this.afterKan[ev.actor] = true;
            if (!pon) return null;
            return this.send({ gang: { l: this.l(ev.actor), m: pon + p[1] } });
        }
        if (t === "dora") {
            return this.send({ kaigang: { baopai: toPai(ev.dora_marker) } });
        }
        return null; // reach_accepted, hora, ryukyoku, end_kyoku, end_game: nothing to tell
    }

    // The AI's answer to the last message, as an mjai reply.
    answer(last) {
        const none = { type: "none" };
        if (!last) return none;
        const me = this.me;
        if (last.type === "reach" && last.actor === me && this.riichiTile) {
            const pai = this.riichiTile;
            this.riichiTile = null;
            return { type: "dahai", actor: me, pai: pai, tsumogiri: pai === this.drawn };
        }
        const r = this.reply;
        if (!r) return none;
        if (r.hule) {
            if (last.type === "tsumo") return { type: "hora", actor: me, target: me, pai: last.pai };
            return { type: "hora", actor: me, target: last.actor, pai: last.pai };
        }
        if (r.dapai) {
            const p = r.dapai;
            const pai = toMjai(p.slice(0, 2));
            if (p.slice(-1) === "*") {
                this.riichiTile = pai;
                return { type: "reach", actor: me };
            }
            return { type: "dahai", actor: me, pai: pai, tsumogiri: p[2] === "_" };
        }
        if (r.gang) {
            const m = r.gang, s = m[0];
            if (/^[mpsz]\d{4}$/.test(m)) {
                return { type: "ankan", actor: me,
                         consumed: m.slice(1).split("").map(d => toMjai(s + d)) };
            }
            const digits = m.match(/\d/g);
            const added = digits[digits.length - 1];
            return { type: "kakan", actor: me, pai: toMjai(s + added),
                     consumed: digits.slice(0, 3).map(d => toMjai(s + d)) };
        }
        if (r.fulou) {
            const m = r.fulou, s = m[0];
            const calledDigit = m.match(/(\d)[\+\=\-]/)[1];
            const digits = m.replace(/[\+\=\-]/g, "").slice(1).split("");
            digits.splice(digits.indexOf(calledDigit), 1);
            const consumed = digits.map(d => toMjai(s + d));
            const same = new Set(m.slice(1).replace(/[\+\=\-]/g, "").replace(/0/g, "5")).size === 1;
            const type = digits.length === 3 ? "daiminkan" : same ? "pon" : "chi";
            return { type: type, actor: me, target: last.actor, pai: last.pai, consumed: consumed };
        }
        if (r.daopai && last.type === "tsumo") {
            return { type: "ryukyoku", actor: me, reason: "kyushukyuhai" };
        }
        return none;
    }

    react(events) {
        for (const ev of events) this.feed(ev);
        return this.answer(events[events.length - 1]);
    }
}

const adapter = new Adapter();
const rl = readline.createInterface({ input: process.stdin, terminal: false });
rl.on("line", (line) => {
    if (!line.trim()) return;
    let reply = { type: "none" };
    try {
        const data = JSON.parse(line);
        reply = adapter.react(Array.isArray(data) ? data : [data]);
    } catch (e) {
        process.stderr.write("majiang_mjai: " + (e && e.message || e) + "\n");
    }
    process.stdout.write(JSON.stringify(reply) + "\n");
});
