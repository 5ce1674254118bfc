"""The one-degree cell grid of a named area, written before its rings in ``boundary-feature-rings.bin``.

A lookup tests a point against an area only when the area's box holds it; the grid then says, for the
point's one-degree cell, whether the area's edges cross that cell. Where none does the cell lies wholly
inside or wholly outside the area, and the point needs no ring decoded at all (a point in London is deep
inside Great Britain's outline and far from the North Sea's: no ring of either is read).

The grid covers the cells from the one holding the box's south-west corner to the one holding its
north-east corner (column = floor(x / UNIT), row = floor(y / UNIT), the last column 359 and the last row
179), row by row from the south, west to east, two bits a cell, least significant bits first, padded to
a whole byte: 0 the cell is outside, 1 inside (the even-odd rule over all the area's rings), 2 an edge
comes within one unit of the cell, so the rings decide.
"""

import bisect

UNIT = 32768
OUTSIDE, INSIDE, CROSSED = 0, 1, 2
# Areas of fewer points cost less to decode than their grid costs to store (the grid of a box over
# the Pacific is kilobytes).
MIN_POINTS = 64


def grid_span(box):
    """(first column, first row, columns, rows) of the cells a box (min x, min y, max x, max y) touches."""
    c0, r0 = box[0] // UNIT, box[1] // UNIT
    c1, r1 = min(359, box[2] // UNIT), min(179, box[3] // UNIT)
    return c0, r0, c1 - c0 + 1, r1 - r0 + 1


def _edge_meets_box(ax, ay, bx, by, x0, y0, x1, y1):
    """Whether the segment a-b meets the closed box (Liang-Barsky)."""
    dx, dy = bx - ax, by - ay
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, ax - x0), (dx, x1 - ax), (-dy, ay - y0), (dy, y1 - ay)):
        if p == 0:
            if q < 0:
                return False
        else:
            t = q / p
            if p < 0:
                if t > t1:
                    return False
                t0 = max(t0, t)
            else:
                if t < t0:
                    return False
                t1 = min(t1, t)
    return True


def cell_states(box, rings):
    """The state of every cell of the area's grid, row by row from the south."""
    c0, r0, columns, rows = grid_span(box)
    states = [None] * (columns * rows)
    edges = [(ring[i - 1], ring[i]) for ring in rings for i in range(len(ring))]
    # Cells an edge comes near, with a margin of one unit: a point in any other cell is farther from
    # every edge than the rounding of a ray cast can matter.
    for (ax, ay), (bx, by) in edges:
        lo_c = max(c0, (min(ax, bx) - 1) // UNIT)
        hi_c = min(c0 + columns - 1, (max(ax, bx) + 1) // UNIT)
        lo_r = max(r0, (min(ay, by) - 1) // UNIT)
        hi_r = min(r0 + rows - 1, (max(ay, by) + 1) // UNIT)
        for row in range(lo_r, hi_r + 1):
            for column in range(lo_c, hi_c + 1):
                index = (row - r0) * columns + column - c0
                if states[index] is None and _edge_meets_box(ax, ay, bx, by, column * UNIT - 1, row * UNIT - 1,
                                                             (column + 1) * UNIT + 1, (row + 1) * UNIT + 1):
                    states[index] = CROSSED
    # The rest by the even-odd rule at each cell's centre: the crossings of a ray eastwards along the row.
    for row in range(rows):
        y = (r0 + row) * UNIT + UNIT / 2
        crossings = sorted(ax + (y - ay) * (bx - ax) / (by - ay)
                           for (ax, ay), (bx, by) in edges if (by > y) != (ay > y))
        for column in range(columns):
            index = row * columns + column
            if states[index] is None:
                x = (c0 + column) * UNIT + UNIT / 2
                beyond = len(crossings) - bisect.bisect_right(crossings, x)
                states[index] = INSIDE if beyond % 2 else OUTSIDE
    return states


def grid_bytes(box, rings):
    """The bytes written before an area's rings: 0 for no grid, else 1 and the grid's cells."""
    if sum(len(ring) for ring in rings) < MIN_POINTS:
        return b"\x00"
    states = cell_states(box, rings)
    out = bytearray((2 * len(states) + 7) // 8)
    for i, state in enumerate(states):
        out[i // 4] |= state << (2 * (i % 4))
    return b"\x01" + bytes(out)
