#include "perf/mesh_mapping.h"

#include <numeric>

namespace podplanner::model::perf {

namespace {

// Greedy placement of one mesh axis on the remaining capacity of the physical axes.
bool placeAxis(std::uint8_t mesh, int size, const JobFabric& fabric,
               std::array<int, kMaxPhysicalAxes>& used, MeshMapping& out) {
    int remaining = size;
    for (int p = 0; p < fabric.count && remaining > 1; ++p) {
        const auto pi = static_cast<std::size_t>(p);
        const int capacity = fabric.axes[pi].size / used[pi];
        const int factor = std::gcd(remaining, capacity);
        if (factor <= 1)
            continue;
        if (out.count == static_cast<int>(out.segments.size()))
            return false;
        out.segments[static_cast<std::size_t>(out.count++)] =
            Segment{mesh, static_cast<std::uint8_t>(p), factor, used[pi]};
        used[pi] *= factor;
        remaining /= factor;
    }
    return remaining == 1;
}

} // namespace

const char* meshAxisName(std::size_t axis) {
    static const char* names[] = {"dp", "fsdp", "tp", "pp", "ep", "cp"};
    return names[axis];
}

MeshSizes meshSizes(const ParallelismSpec& p) {
    return {p.dp, p.fsdp, p.tp, p.pp, p.ep, p.cp};
}

std::optional<MeshMapping> greedyMapping(const JobFabric& fabric, const MeshSizes& sizes,
                                         const std::array<std::uint8_t, kMeshAxes>& order) {
    MeshMapping m;
    std::array<int, kMaxPhysicalAxes> used;
    used.fill(1);
    for (std::uint8_t axis : order)
        if (sizes[axis] > 1 && !placeAxis(axis, sizes[axis], fabric, used, m))
            return std::nullopt;
    return m;
}

std::optional<MeshMapping>
explicitMapping(const JobFabric& fabric, const MeshSizes& sizes,
                const std::vector<std::pair<std::string, std::vector<std::string>>>& mapping,
                std::string* whyNot) {
    MeshMapping m;
    std::array<int, kMaxPhysicalAxes> used;
    used.fill(1);
    std::array<bool, kMeshAxes> done{};
    auto fail = [whyNot](std::string text) -> std::optional<MeshMapping> {
        if (whyNot)
            *whyNot = std::move(text);
        return std::nullopt;
    };
    for (const auto& [axisName, physical] : mapping) {
        std::uint8_t mesh = 0;
        while (mesh < kMeshAxes && axisName != meshAxisName(mesh))
            ++mesh;
        // The listed physical axes, in order; the mesh axis takes factors of them (gcd), so
        // "pp": ["dcn"] can take 8 of 512 nodes and leave the rest to dp.
        int remaining = sizes[mesh];
        std::string names;
        for (const auto& name : physical) {
            const int p = fabric.indexOf(name);
            if (p < 0)
                return fail("physical axes of this job's placement (" +
                            describeMapping(MeshMapping{}, fabric) + "); \"" + name +
                            "\" is not one of them");
            const auto pi = static_cast<std::size_t>(p);
            const int capacity = fabric.axes[pi].size / used[pi];
            const int factor = std::gcd(remaining, capacity);
            names +=
                (names.empty() ? "" : ", ") + name + " (" + std::to_string(capacity) + " left)";
            if (factor <= 1)
                continue;
            if (m.count == static_cast<int>(m.segments.size()))
                return fail("a mapping of at most 16 parts");
            m.segments[static_cast<std::size_t>(m.count++)] =
                Segment{mesh, static_cast<std::uint8_t>(p), factor, used[pi]};
            used[pi] *= factor;
            remaining /= factor;
        }
        if (remaining != 1)
            return fail(axisName + " = " + std::to_string(sizes[mesh]) +
                        " to be a product of factors of its physical axes " + names);
        done[mesh] = true;
    }
    static constexpr std::array<std::uint8_t, kMeshAxes> kDefaultOrder = {kTp, kEp,   kCp,
                                                                          kPp, kFsdp, kDp};
    for (std::uint8_t axis : kDefaultOrder)
        if (!done[axis] && sizes[axis] > 1 && !placeAxis(axis, sizes[axis], fabric, used, m))
            return fail("a mapping where the unmapped axis " + std::string(meshAxisName(axis)) +
                        " fits on the physical axes left over");
    return m;
}

std::array<bool, kMeshAxes> meshAxesOn(const MeshMapping& mapping, int physical) {
    std::array<bool, kMeshAxes> on{};
    for (int i = 0; i < mapping.count; ++i) {
        const Segment& seg = mapping.segments[static_cast<std::size_t>(i)];
        if (seg.physical == physical)
            on[seg.mesh] = true;
    }
    return on;
}

std::string describeMapping(const MeshMapping& mapping, const JobFabric& fabric) {
    std::string out;
    if (mapping.count == 0) {
        for (int p = 0; p < fabric.count; ++p) {
            const auto& a = fabric.axes[static_cast<std::size_t>(p)];
            out += (p ? ", " : "") + std::string(a.name) + "(" + std::to_string(a.size) + ")";
        }
        return out;
    }
    for (std::size_t axis = 0; axis < kMeshAxes; ++axis) {
        std::string part;
        for (int s = 0; s < mapping.count; ++s) {
            const Segment& seg = mapping.segments[static_cast<std::size_t>(s)];
            if (seg.mesh != axis)
                continue;
            // append(), not " " + std::string(): GCC 12 at -O3 warns falsely (-Wrestrict).
            part.append(" ").append(fabric.axes[seg.physical].name).append("(");
            part.append(std::to_string(seg.factor)).append(")");
        }
        if (!part.empty())
            out += (out.empty() ? "" : " | ") + std::string(meshAxisName(axis)) + ":" + part;
    }
    return out;
}

} // namespace podplanner::model::perf
