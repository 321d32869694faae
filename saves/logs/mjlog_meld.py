"""Tenhou's meld bitfield: the ``m`` of an mjlog ``<N who= m=>`` element <-> a call.

Tenhou packs a call into one integer: who it came from, what kind of call, which copies.
:func:`decode_meld` reads it (refusing a number no real record holds), :func:`encode_meld`
writes it; the two are inverses for every call of a four-player game.

>>> encode_meld(decode_meld(0, 0x5c2f)) == 0x5c2f
True
"""

from __future__ import annotations

from hanchan.engine.tiles import kind_of

from .model import Ankan, Chi, Daiminkan, Kakan, LogFormatError, Pon, is_red


def _sort_key(tile: int) -> tuple[int, int]:
    """Order of tiles inside a call string: by kind, a red five after the plain ones."""
    return (kind_of(tile), 1 if is_red(tile) else 0)


def decode_meld(who: int, m: int) -> Chi | Pon | Daiminkan | Kakan | Ankan:
    """Decode the ``m`` bitfield of an ``<N who= m=>`` element.

    bits 0-1: from whom, relative (0 self, 1 shimocha, 2 toimen, 3 kamicha);
    bit 2 set: chi (bits 3-4, 5-6, 7-8: copies of the three tiles; bits 10+: base*3+called);
    bit 3 set: pon, bit 4 set: kakan (bits 5-6: the copy not in the pon / the added copy;
    bits 9+: kind*3+called among the three); bit 5: nukidora (3-player, not supported);
    none of 2-5: daiminkan (from != 0) or ankan, bits 8+: the called (or first) tile id.

    >>> decode_meld(0, 0x5c2f)  # a chi from the left: 3p onto 1p 2p
    Chi(seat=0, from_seat=3, called=44, consumed=(37, 41))
    """
    if m & 0x4:
        return _decode_chi(who, m)
    if m & 0x18:
        return _decode_pon(who, m)
    if m & 0x20:
        raise LogFormatError(f"meld m={m}: nukidora (3-player) is not supported")
    rel = m & 3
    from_seat = (who + rel) % 4
    tile = m >> 8
    if tile >= 136:
        raise LogFormatError(f"meld m={m}: kan tile {tile} out of range")
    kind = kind_of(tile)
    others = sorted((kind * 4 + c for c in range(4) if kind * 4 + c != tile), key=_sort_key)
    if rel == 0:
        four = sorted(range(kind * 4, kind * 4 + 4), key=_sort_key)
        return Ankan(who, (four[0], four[1], four[2], four[3]))
    return Daiminkan(who, from_seat, tile, (others[0], others[1], others[2]))


def _decode_chi(who: int, m: int) -> Chi:
    rel = m & 3
    base_called = m >> 10
    called_index = base_called % 3
    base = base_called // 3
    if base >= 21:
        raise LogFormatError(f"meld m={m}: chi base {base} out of range")
    kind = (base // 7) * 9 + base % 7
    copies = ((m >> 3) & 3, (m >> 5) & 3, (m >> 7) & 3)
    tiles = [(kind + i) * 4 + copies[i] for i in range(3)]
    called = tiles[called_index]
    consumed = sorted((t for i, t in enumerate(tiles) if i != called_index), key=_sort_key)
    if rel != 3:
        raise LogFormatError(f"meld m={m}: chi not from the left (relative {rel})")
    return Chi(who, (who + rel) % 4, called, (consumed[0], consumed[1]))


def _decode_pon(who: int, m: int) -> Pon | Kakan:
    rel = m & 3
    unused = (m >> 5) & 3
    base_called = m >> 9
    called_index = base_called % 3
    kind = base_called // 3
    if kind >= 34:
        raise LogFormatError(f"meld m={m}: pon kind {kind} out of range")
    if rel == 0:
        raise LogFormatError(f"meld m={m}: pon from oneself")
    three = [kind * 4 + c for c in range(4) if c != unused]
    called = three[called_index]
    consumed = sorted((t for t in three if t != called), key=_sort_key)
    if m & 0x8:
        return Pon(who, (who + rel) % 4, called, (consumed[0], consumed[1]))
    return Kakan(who, kind * 4 + unused, (called, consumed[0], consumed[1]), (who + rel) % 4)


def encode_meld(call: Chi | Pon | Daiminkan | Kakan | Ankan) -> int:
    """The inverse of :func:`decode_meld` (used by tests and exporters)."""
    if isinstance(call, Ankan):
        return (call.tiles[0] // 4 * 4) << 8
    rel = (call.from_seat - call.seat) % 4
    if isinstance(call, Daiminkan):
        return (call.called << 8) | rel
    if isinstance(call, Chi):
        tiles = sorted([call.called, *call.consumed], key=kind_of)
        kind = kind_of(tiles[0])
        base = (kind // 9) * 7 + kind % 9
        m = ((base * 3 + tiles.index(call.called)) << 10) | 0x4 | rel
        for i, t in enumerate(tiles):
            m |= (t % 4) << (3 + 2 * i)
        return m
    if isinstance(call, Pon):
        three = sorted([call.called, *call.consumed])
        kind = kind_of(call.called)
        unused = ({0, 1, 2, 3} - {t % 4 for t in three}).pop()
        return ((kind * 3 + three.index(call.called)) << 9) | (unused << 5) | 0x8 | rel
    three = sorted(call.pon)
    kind = kind_of(call.added)
    return ((kind * 3 + three.index(call.pon[0])) << 9) | ((call.added % 4) << 5) | 0x10 | rel
