#include "perf/collective_cost.h"

#include <algorithm>
#include <cmath>

namespace podplanner::model::perf {

const char* collectiveKindName(CollectiveKind kind) {
    static const char* names[] = {"all-gather", "reduce-scatter", "all-reduce", "all-to-all",
                                  "point-to-point"};
    return names[static_cast<std::size_t>(kind)];
}

namespace {

// One mesh axis's segments, accumulated per level before they are ordered slowest first.
struct LevelSums {
    std::array<LevelGroup, 4> byLevel{};
    std::array<bool, 4> present{};
    int torusAxesFull = 0;

    void add(const Segment& seg, const PhysicalAxis& axis) {
        const auto li = static_cast<std::size_t>(axis.level);
        LevelGroup& g = byLevel[li];
        g.level = axis.level;
        g.members *= seg.factor;
        g.linkGbyteS = g.linkGbyteS > 0 ? std::min(g.linkGbyteS, axis.chipGbyteS) : axis.chipGbyteS;
        // A strided neighbour is `stride` links away on a torus; through a switch (NVLink,
        // the data-center network) every peer is one traversal away.
        const double hops = axis.level == Level::Torus ? seg.stride : 1.0;
        g.hopLatencyS = std::max(g.hopLatencyS, axis.hopLatencyS * hops);
        g.halfBandwidthBytes = std::max(g.halfBandwidthBytes, axis.halfBandwidthBytes);
        present[li] = true;
        if (axis.level == Level::Torus) {
            // A whole axis with wraparound is a ring (both directions usable); a part of an
            // axis is a line; strided parts hop `stride` links per step.
            const bool ring = axis.wraps && seg.factor * seg.stride == axis.size;
            torusAxesFull += seg.factor == axis.size ? 1 : 0;
            // A strided part shares each link with the other groups interleaved with it.
            g.gbyteS += axis.chipGbyteS * (ring ? 2.0 : 1.0) / seg.stride;
            const int steps = ring ? seg.factor / 2 : seg.factor - 1;
            g.latencyS += steps * seg.stride * axis.hopLatencyS;
        } else {
            g.gbyteS = axis.chipGbyteS;
            // Switched levels: rings, one step per member but one (NCCL's ring algorithm,
            // whose per-step latency its tuning model charges on every level).
            g.latencyS = (g.members - 1) * axis.hopLatencyS;
        }
    }

    AxisGroup finish(const JobFabric& fabric, int torusAxesInFabric) const {
        AxisGroup group;
        // NCCL runs one flat ring over all members of switched levels (NVLink inside a node,
        // the network between nodes): its n - 1 steps are n_outer - 1 crossings of the slower
        // level and n_outer (n_inner - 1) of the faster (tuning.cc's nInterSteps and nsteps -
        // nInterSteps). XLA on a TPU slice is hierarchical instead: the torus level's steps
        // are taken once.
        int outerSwitched = 1;
        for (std::size_t li = 4; li-- > 0;) {
            if (!present[li])
                continue;
            LevelGroup g = byLevel[li];
            if (g.level == Level::Torus) {
                g.coversTwistedTorus = torusAxesFull == torusAxesInFabric;
            } else {
                g.latencyS *= outerSwitched;
                outerSwitched *= g.members;
            }
            group.levels[static_cast<std::size_t>(group.count++)] = g;
            group.members *= g.members;
        }
        group.twistedGain = fabric.twistedAllToAllGain;
        group.baseLatencyS = fabric.collectiveBaseS;
        group.directReductions = fabric.directReductions;
        return group;
    }
};

int torusAxes(const JobFabric& fabric) {
    int n = 0;
    for (int p = 0; p < fabric.count; ++p)
        n += fabric.axes[static_cast<std::size_t>(p)].level == Level::Torus;
    return n;
}

} // namespace

AxisGroup axisGroup(const MeshMapping& mapping, const JobFabric& fabric, std::uint8_t mesh) {
    LevelSums sums;
    for (int s = 0; s < mapping.count; ++s) {
        const Segment& seg = mapping.segments[static_cast<std::size_t>(s)];
        if (seg.mesh == mesh)
            sums.add(seg, fabric.axes[seg.physical]);
    }
    return sums.finish(fabric, torusAxes(fabric));
}

std::array<AxisGroup, kMeshAxes> axisGroups(const MeshMapping& mapping, const JobFabric& fabric) {
    // One pass over the segments for every mesh axis: the step model needs them all.
    std::array<LevelSums, kMeshAxes> sums;
    for (int s = 0; s < mapping.count; ++s) {
        const Segment& seg = mapping.segments[static_cast<std::size_t>(s)];
        sums[seg.mesh].add(seg, fabric.axes[seg.physical]);
    }
    const int torus = torusAxes(fabric);
    std::array<AxisGroup, kMeshAxes> out;
    for (std::size_t a = 0; a < kMeshAxes; ++a)
        out[a] = sums[a].finish(fabric, torus);
    return out;
}

namespace {

// Small collectives do not reach the plateau bandwidth (published NCCL and ICI curves).
double effectiveGbyteS(const LevelGroup& g, double levelBytes) {
    return g.gbyteS * levelBytes / (levelBytes + g.halfBandwidthBytes);
}

// A level's latency for one phase of a collective. libtpu sums a reduction across slices on
// the hosts by default, one ring step a slice (what the fitted DCN latency was measured on);
// with --xla_tpu_use_megascale_host_reduction=false it is an all-to-all and an all-gather on
// the TPUs, each phase reaching every slice (and site) at once: one latency a phase.
double levelLatencyS(const LevelGroup& g, const AxisGroup& group, bool reduction) {
    return reduction && group.directReductions && g.level >= Level::Dcn
               ? std::min(g.latencyS, g.hopLatencyS)
               : g.latencyS;
}

// An all-gather, or (`reduction`) a reduce-scatter, which moves the same bytes.
double allGatherSeconds(double bytes, const AxisGroup& group, bool reduction) {
    double seconds = group.baseLatencyS;
    if (group.flat && group.count > 1) {
        const LevelGroup& slowest = group.levels[0];
        const double n = group.members;
        seconds += bytes * (n - 1) / n / (effectiveGbyteS(slowest, bytes) * 1e9);
        for (int l = 0; l < group.count; ++l)
            seconds += levelLatencyS(group.levels[static_cast<std::size_t>(l)], group, reduction);
        return seconds;
    }
    double inner = group.members; // members reached through this level and the faster ones
    for (int l = 0; l < group.count; ++l) {
        const LevelGroup& g = group.levels[static_cast<std::size_t>(l)];
        inner /= g.members;
        // Slowest level first: it gathers pieces of bytes / (members of faster levels).
        const double levelBytes = bytes / inner; // the collective's size at this level
        const double share = levelBytes * (g.members - 1) / g.members;
        seconds +=
            share / (effectiveGbyteS(g, levelBytes) * 1e9) + levelLatencyS(g, group, reduction);
    }
    return seconds;
}

// Of k copies of an item sent to uniformly chosen members, the share that still crosses the
// slowest level when each of its G blocks receives the item once: the blocks other than the
// sender's that are hit, (G-1)(1-(1-1/G)^k), over the copies bound for them, k(G-1)/G.
double dedupShare(double k, double blocks) {
    if (blocks <= 1)
        return 1.0;
    return std::min(1.0, blocks * (1.0 - std::pow(1.0 - 1.0 / blocks, k)) / k);
}

double allToAllSeconds(double bytes, const AxisGroup& group) {
    const double n = group.members;
    double seconds = group.baseLatencyS;
    double reachedBefore = n; // destinations reached through faster levels, computed inward
    for (int l = 0; l < group.count; ++l)
        reachedBefore /= group.levels[static_cast<std::size_t>(l)].members;
    // Walk from the fastest level outwards.
    for (int l = group.count; l-- > 0;) {
        const LevelGroup& g = group.levels[static_cast<std::size_t>(l)];
        const double reachedAfter = reachedBefore * g.members;
        if (g.level == Level::Torus) {
            // HARDWARE.md: an all-to-all over a ring takes about a quarter of an all-gather;
            // a twisted torus raises all-to-all throughput by its bisection gain.
            AxisGroup only;
            only.levels[0] = g;
            only.count = 1;
            only.members = g.members;
            double t = allGatherSeconds(bytes / n * g.members, only, false) / 4.0;
            if (g.coversTwistedTorus)
                t /= group.twistedGain;
            seconds += t;
        } else {
            double sent = bytes / (n * n) * (reachedAfter - reachedBefore);
            if (l == 0 && group.count > 1 && group.dedupCopies > 1)
                sent *= dedupShare(group.dedupCopies, g.members);
            seconds += sent / (effectiveGbyteS(g, bytes / n * g.members) * 1e9) + g.latencyS;
        }
        reachedBefore = reachedAfter;
    }
    return seconds;
}

} // namespace

double collectiveSeconds(CollectiveKind kind, double bytes, const AxisGroup& group) {
    if (group.members <= 1 || bytes <= 0)
        return 0;
    switch (kind) {
    case CollectiveKind::AllGather:
        return allGatherSeconds(bytes, group, false);
    case CollectiveKind::ReduceScatter:
        return allGatherSeconds(bytes, group, true);
    case CollectiveKind::AllReduce:
        return 2.0 * allGatherSeconds(bytes, group, true) - group.baseLatencyS;
    case CollectiveKind::AllToAll:
        return allToAllSeconds(bytes, group);
    case CollectiveKind::PointToPoint: {
        // A send to the next stage over one link of the slowest level the axis uses; the
        // message-size curve was measured on collectives, so a plain send gets only latency.
        const LevelGroup& g = group.levels[0];
        return bytes / (g.linkGbyteS * 1e9) + g.hopLatencyS + group.baseLatencyS;
    }
    }
    return 0;
}

} // namespace podplanner::model::perf
