#include "sizing/placement_options.h"

#include "topology/slice_shape.h"

#include <algorithm>
#include <array>
#include <set>

namespace podplanner::model::sizing {

namespace {

// Sizes that split well over batches and heads: m x 2^k with m in {1, 3} (coarse) or
// {1, 3, 5, 7}, up to `max`, and `max` itself.
std::vector<int> ladder(int max, bool fine) {
    std::set<int> out;
    for (int m : fine ? std::vector<int>{1, 3, 5, 7} : std::vector<int>{1, 3})
        for (long long v = m; v <= max; v *= 2)
            out.insert(static_cast<int>(v));
    if (max >= 1)
        out.insert(max);
    return {out.begin(), out.end()};
}

// A few units fewer (up to 4: room for spares) and the next sizes below that split well.
std::set<int> countsBelow(int units, bool fine) {
    std::set<int> counts;
    for (int k = 1; k <= 4 && units - k >= 1; ++k)
        counts.insert(units - k);
    const auto below = ladder(std::max(1, units - 1), fine);
    for (std::size_t i = below.size(); i-- > 0 && counts.size() < 7;)
        counts.insert(below[i]);
    return counts;
}

// Whole-cube shapes of n cubes, as cubes per axis a <= b <= c.
std::vector<std::array<int, 3>> cubeTriples(int n) {
    std::vector<std::array<int, 3>> out;
    for (int a = 1; a * a * a <= n; ++a) {
        if (n % a != 0)
            continue;
        for (int b = a; a * b * b <= n; ++b)
            if ((n / a) % b == 0)
                out.push_back({a, b, n / a / b});
    }
    return out;
}

// The most nearly cubic of them: the shortest longest axis (fewest hops, most bisection).
std::array<int, 3> mostCubic(int n) {
    auto triples = cubeTriples(n);
    return *std::min_element(triples.begin(), triples.end(),
                             [](const auto& x, const auto& y) { return x[2] < y[2]; });
}

std::vector<int> podList(int slices) {
    std::vector<int> pods;
    for (int p = 0; p < slices; ++p)
        pods.push_back(p);
    return pods;
}

std::optional<PlacementOption> tpuOption(const ClusterSpec& cluster, const std::vector<int>& dims,
                                         bool twisted, int slices) {
    const SliceShape shape{dims};
    const auto geometry = formSlice(cluster.pod, cluster.chip, shape, twisted);
    if (!geometry)
        return std::nullopt;
    PlacementOption o;
    o.placement.pods = podList(slices);
    o.placement.shape = shape.text();
    o.placement.twisted = twisted;
    o.slices = slices;
    o.twisted = twisted;
    o.subCube = geometry->subCube;
    o.chips = geometry->chips() * slices;
    const bool cubes = cluster.pod.kind == PodKind::Tpu3d;
    o.unitsPerSlice = cubes ? geometry->cubes : static_cast<int>(geometry->chips());
    o.freeUnits = cubes ? cluster.pod.cubes - geometry->cubes : 0;
    o.text = shape.text() + (twisted ? " twisted" : "");
    if (cubes)
        o.text += geometry->subCube ? " (sub-cube)"
                                    : " (" + std::to_string(geometry->cubes) + " cube" +
                                          (geometry->cubes == 1 ? ")" : "s)");
    if (slices > 1)
        o.text = std::to_string(slices) + " slices of " + o.text + " over DCN";
    return o;
}

PlacementOption gpuOption(const ClusterSpec& cluster, int nodes, int slices) {
    PlacementOption o;
    o.placement.pods = podList(slices);
    o.placement.nodes = nodes;
    o.slices = slices;
    o.unitsPerSlice = nodes;
    o.freeUnits = cluster.pod.nodes - nodes;
    o.chips = static_cast<std::int64_t>(nodes) * cluster.pod.jobGpusPerNode() * slices;
    o.text = std::to_string(nodes) + " node" + (nodes == 1 ? "" : "s");
    if (slices > 1)
        o.text = std::to_string(slices) + " pods of " + o.text;
    return o;
}

std::vector<int> cubeDims(const PodSpec& pod, const std::array<int, 3>& t) {
    return {t[0] * pod.cube[0], t[1] * pod.cube[1], t[2] * pod.cube[2]};
}

void addTpu3dShapes(const ClusterSpec& cluster, int cubes, bool everyShape, int slices,
                    std::vector<PlacementOption>& out) {
    const PodSpec& pod = cluster.pod;
    const auto triples = everyShape ? cubeTriples(cubes) : std::vector{mostCubic(cubes)};
    for (const auto& t : triples)
        for (bool twisted : {false, true})
            if (auto o = tpuOption(cluster, cubeDims(pod, t), twisted, slices))
                out.push_back(*o);
}

std::vector<std::vector<int>> twoDimShapes(const PodSpec& pod) {
    std::vector<std::vector<int>> out;
    for (int small = 1; small <= std::max(pod.shape2d[0], pod.shape2d[1]); small *= 2)
        for (int large : {small, 2 * small})
            out.push_back({small, large});
    return out;
}

bool withinLimits(const PlacementOption& o, const OptionLimits& limits) {
    return o.chips >= limits.minChips && o.chips <= limits.maxChips;
}

std::vector<PlacementOption> oneSlice(const ClusterSpec& cluster, bool everyShape, int slices) {
    const PodSpec& pod = cluster.pod;
    std::vector<PlacementOption> out;
    switch (pod.kind) {
    case PodKind::Tpu3d: {
        if (slices == 1)
            for (const std::vector<int>& sub :
                 {std::vector{2, 2, 1}, {2, 2, 2}, {2, 2, 4}, {2, 4, 4}})
                if (auto o = tpuOption(cluster, sub, false, 1))
                    out.push_back(*o);
        const int maxCubes = std::min(pod.maxSliceCubes, pod.cubes);
        std::vector<int> sizes;
        if (slices == 1 && everyShape) {
            for (int n = 1; n <= maxCubes; ++n)
                sizes.push_back(n);
        } else {
            // Several slices over the DCN only pay when one slice cannot hold the job.
            for (int n : ladder(maxCubes, false))
                if (slices == 1 || 4 * n >= maxCubes)
                    sizes.push_back(n);
        }
        for (int n : sizes)
            addTpu3dShapes(cluster, n, everyShape && slices == 1, slices, out);
        break;
    }
    case PodKind::Tpu2d:
        for (const auto& dims : twoDimShapes(pod))
            if (auto o = tpuOption(cluster, dims, false, slices))
                if (slices == 1 || 2 * o->chips >= pod.chips())
                    out.push_back(*o);
        break;
    case PodKind::GpuFatTree:
        for (int n : ladder(pod.nodes, everyShape))
            if (slices == 1 || 2 * n >= pod.nodes)
                out.push_back(gpuOption(cluster, n, slices));
        break;
    }
    return out;
}

} // namespace

std::vector<int> mostCubicShape(const PodSpec& pod, int cubes) {
    return cubeDims(pod, mostCubic(cubes));
}

std::vector<PlacementOption> placementOptions(const ClusterSpec& cluster,
                                              const OptionLimits& limits) {
    const int pods = cluster.podCount();
    const int maxSlices = limits.maxSlices > 0 ? std::min(limits.maxSlices, pods) : pods;
    std::vector<PlacementOption> out;
    for (int slices = 1; slices <= maxSlices; ++slices)
        for (auto& o : oneSlice(cluster, limits.everyShape, slices))
            if (withinLimits(o, limits))
                out.push_back(std::move(o));
    std::stable_sort(out.begin(), out.end(),
                     [](const auto& a, const auto& b) { return a.chips < b.chips; });
    return out;
}

std::vector<PlacementOption> shapesWithChips(const ClusterSpec& cluster, std::int64_t chips) {
    std::vector<PlacementOption> out;
    for (auto& o : oneSlice(cluster, true, 1))
        if (o.chips == chips)
            out.push_back(std::move(o));
    return out;
}

std::vector<PlacementOption> smallerPlacements(const ClusterSpec& cluster,
                                               const PlacementSpec& current,
                                               std::int64_t currentChips) {
    const PodSpec& pod = cluster.pod;
    const int slices = std::max<int>(1, static_cast<int>(current.pods.size()));
    const std::int64_t perSlice = currentChips / slices;
    std::vector<PlacementOption> out;
    auto keepSmaller = [&](std::optional<PlacementOption> o, int units) {
        if (!o || o->chips >= currentChips)
            return;
        o->placement.pods = current.pods;
        if (static_cast<int>(o->placement.pods.size()) > o->slices)
            o->placement.pods.resize(static_cast<std::size_t>(o->slices));
        o->freeUnits = units - o->unitsPerSlice; // what the job had and no longer uses
        out.push_back(*o);
    };
    if (pod.kind == PodKind::GpuFatTree) {
        const int nodes = current.nodes;
        for (int n : countsBelow(nodes, true))
            keepSmaller(gpuOption(cluster, n, slices), nodes);
    } else if (pod.kind == PodKind::Tpu3d) {
        const int cubes = static_cast<int>(perSlice / pod.chipsPerCube());
        for (int n : countsBelow(cubes, false))
            keepSmaller(tpuOption(cluster, cubeDims(pod, mostCubic(n)), false, slices), cubes);
        if (cubes <= 1)
            for (const std::vector<int>& sub :
                 {std::vector{2, 4, 4}, {2, 2, 4}, {2, 2, 2}, {2, 2, 1}})
                keepSmaller(tpuOption(cluster, sub, false, 1), 1);
    } else {
        for (const auto& dims : twoDimShapes(pod))
            keepSmaller(tpuOption(cluster, dims, false, slices), 0);
        for (auto& o : out)
            o.freeUnits = 0; // no spares on a pod without OCS
    }
    // One slice fewer, the same shape or nodes.
    if (slices > 1) {
        PlacementOption o;
        o.placement = current;
        o.placement.pods.pop_back();
        o.slices = slices - 1;
        o.chips = perSlice * (slices - 1);
        o.unitsPerSlice = 0;
        o.freeUnits = 0;
        o.text = "one slice fewer (" + std::to_string(slices - 1) + ")";
        out.push_back(o);
    }
    std::sort(out.begin(), out.end(),
              [](const auto& a, const auto& b) { return a.chips > b.chips; });
    return out;
}

} // namespace podplanner::model::sizing
