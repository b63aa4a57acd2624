#pragma once
// Slice shapes: Cloud TPU topology strings ("4x4x8") and the rules that decide which shapes a pod
// can form, which axes wrap around and whether the torus can be twisted (docs/topology.md).
#include "cluster/cluster_spec.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace podplanner::model {

struct SliceShape {
    std::vector<int> dims; // chips per axis, in the order written (x, y[, z])

    std::int64_t chips() const;
    std::string text() const; // "4x4x8"
};

// Parses "4x4x8" / "16x16". On failure returns nothing and says why.
std::optional<SliceShape> parseTopology(std::string_view text, std::string* whyNot = nullptr);

struct SliceGeometry {
    std::vector<int> dims;
    std::vector<bool> wraps; // per axis
    bool twisted = false;
    bool subCube = false; // smaller than one cube: electrical links only, no wraparound
    int cubes = 0;        // whole cubes the slice takes (1 for a sub-cube slice)

    std::int64_t chips() const;
};

// Checks a shape against the pod's rules. On failure returns nothing and says why.
std::optional<SliceGeometry> formSlice(const PodSpec& pod, const ChipType& chip,
                                       const SliceShape& shape, bool twisted,
                                       std::string* whyNot = nullptr);

} // namespace podplanner::model
