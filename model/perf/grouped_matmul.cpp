#include "perf/grouped_matmul.h"

#include <algorithm>
#include <cmath>

namespace podplanner::model::perf {

namespace {

// The kernel's grid on one device (megablox's make_group_metadata): tiles clipped to the
// matrix, and the row tiles it visits. A row tile is visited once per group that has rows in
// it, so each group that starts inside a tile costs that tile once more, computed whole with
// the other group's rows masked: visits = ceil(rows / tm) + groups - 1 (group sizes vary with
// the routing, so their starts are taken as never aligned).
struct Grid {
    double tm = 0, tk = 0, tn = 0;
    double tilesM = 0, tilesK = 0, tilesN = 0;
    double groups = 0; // groups with rows
    double visits = 0;
};

Grid makeGrid(double rows, double groups, double k, double n, GmmTileShape tile) {
    Grid g;
    g.tm = std::min(tile.rows, rows);
    g.tk = std::min(tile.k, k);
    g.tn = std::min(tile.n, n);
    g.tilesM = std::ceil(rows / g.tm);
    g.tilesK = std::ceil(k / g.tk);
    g.tilesN = std::ceil(n / g.tn);
    g.groups = std::max(1.0, std::min(groups, rows));
    g.visits = g.tilesM + g.groups - 1;
    return g;
}

// Compute and HBM traffic run side by side (the kernel double-buffers its blocks): the slower
// sets the time. Work and bytes are one device's; the devices run at once, each with its share
// of the chip's peak and bandwidth. Each grid step adds its fixed cost (Pallas' pipeline
// bookkeeping). A megacore splits the grid's parallel axis, the output tiles (megablox:
// dimension_semantics ("parallel", "arbitrary", "arbitrary")), over its TensorCores: the one
// with more tiles sets the time.
double deviceSeconds(const KernelModel& km, const Grid& g, double flops, double bytes) {
    const double perCore = std::ceil(g.tilesN / km.coresPerDevice);
    const double balance = perCore * km.coresPerDevice / g.tilesN;
    const double compute = flops * balance * km.devices / (km.peakFlops * km.matmulEfficiency);
    const double memory = bytes * km.devices / km.hbmBytesPerS;
    const double steps = perCore * g.visits * g.tilesK;
    return std::max(compute, memory) + km.kernelOverheadS + steps * km.gridStepS;
}

} // namespace

double groupedMatmulSeconds(const KernelModel& km, double rows, double groups, double k, double n,
                            GmmTileShape tile, double inBytes, double outBytes) {
    if (rows <= 0 || groups <= 0 || n <= 0 || k <= 0)
        return 0;
    const Grid g = makeGrid(rows, groups, k, n, tile);
    // Grid (n tiles, visits, k tiles), k innermost. Each visit's output block accumulates over
    // the whole contraction, plus the tile's fixed work (matmul_k_overhead).
    const double flops = g.tilesN * g.visits * 2.0 * g.tm * g.tn * (g.tilesK * g.tk + km.kOverhead);
    // A block is fetched again only when its index changes from the previous grid step: with
    // the contraction in several tiles both operands change at every step; in one tile the
    // rows change per row tile and the weights per group.
    const double operands = g.tilesK > 1
                                ? g.tilesN * g.visits * g.tilesK * (g.tm * g.tk + g.tk * g.tn)
                                : g.tilesN * (g.tilesM * g.tm * g.tk + g.groups * g.tk * g.tn);
    const double output = g.tilesN * g.tilesM * g.tm * g.tn;
    return deviceSeconds(km, g, flops, operands * inBytes + output * outBytes);
}

double groupedWeightGradSeconds(const KernelModel& km, double rows, double groups, double k,
                                double n, GmmTileShape tile, double inBytes, double outBytes) {
    if (rows <= 0 || groups <= 0 || n <= 0 || k <= 0)
        return 0;
    const Grid g = makeGrid(rows, groups, k, n, tile);
    // Grid (n tiles, k tiles, visits), the rows innermost: each group's output block sums over
    // its rows and is written when the group changes. The two row-blocks it reads change per
    // row tile (a revisit of the same tile keeps them).
    const double flops =
        g.tilesN * g.tilesK * 2.0 * g.tk * g.tn * (g.visits * g.tm + g.groups * km.kOverhead);
    const double operands = g.tilesN * g.tilesK * g.tilesM * g.tm * (g.tk + g.tn);
    const double output = g.tilesN * g.tilesK * g.groups * g.tk * g.tn;
    return deviceSeconds(km, g, flops, operands * inBytes + output * outBytes);
}

} // namespace podplanner::model::perf
