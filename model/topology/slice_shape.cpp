#include "topology/slice_shape.h"

#include <algorithm>
#include <charconv>

namespace podplanner::model {

namespace {

constexpr const char* kTopologyExpected =
    "a topology string like \"4x4x8\": 2 or 3 positive integers (at most 4096) joined by 'x'";

bool fail(std::string* whyNot, std::string text) {
    if (whyNot)
        *whyNot = std::move(text);
    return false;
}

bool isPowerOfTwo(int v) {
    return v > 0 && (v & (v - 1)) == 0;
}

std::vector<int> sorted(std::vector<int> v) {
    std::sort(v.begin(), v.end());
    return v;
}

// Cloud TPU sub-cube shapes of a 4x4x4 cube: 2x2x1, 2x2x2, 2x2x4, 2x4x4 (any axis order).
bool isDocumentedSubCube(const std::vector<int>& dims) {
    static const std::vector<std::vector<int>> allowed = {
        {1, 2, 2}, {2, 2, 2}, {2, 2, 4}, {2, 4, 4}};
    return std::find(allowed.begin(), allowed.end(), sorted(dims)) != allowed.end();
}

bool canTwist(const std::vector<int>& dims) {
    const auto s = sorted(dims);
    const bool nn2n = s[0] == s[1] && s[2] == 2 * s[0];
    const bool n2n2n = s[1] == s[2] && s[1] == 2 * s[0];
    return s[0] >= 4 && (nn2n || n2n2n);
}

std::optional<SliceGeometry> form3d(const PodSpec& pod, const ChipType& chip,
                                    const SliceShape& shape, bool twisted, std::string* whyNot) {
    const auto& d = shape.dims;
    if (d.size() != 3) {
        fail(whyNot, "a 3D pod needs a shape of three axes like 4x4x8");
        return std::nullopt;
    }
    SliceGeometry g;
    g.dims = d;
    const bool wholeCubes =
        d[0] % pod.cube[0] == 0 && d[1] % pod.cube[1] == 0 && d[2] % pod.cube[2] == 0;
    if (wholeCubes) {
        const std::int64_t cubes = shape.chips() / pod.chipsPerCube();
        if (cubes > pod.maxSliceCubes) {
            fail(whyNot, "a slice of at most " + std::to_string(pod.maxSliceCubes) +
                             " cubes; this shape needs " + std::to_string(cubes));
            return std::nullopt;
        }
        g.cubes = static_cast<int>(cubes);
        // Whole-cube slices: the OCS closes every ring, so all axes wrap.
        g.wraps.assign(3, true);
    } else {
        const bool standardCube = pod.cube == std::array<int, 3>{4, 4, 4};
        const bool fitsInCube = d[0] <= pod.cube[0] && d[1] <= pod.cube[1] && d[2] <= pod.cube[2] &&
                                pod.cube[0] % d[0] == 0 && pod.cube[1] % d[1] == 0 &&
                                pod.cube[2] % d[2] == 0;
        if (standardCube ? !isDocumentedSubCube(d) : !fitsInCube) {
            fail(whyNot, "whole cubes (every axis a multiple of " + std::to_string(pod.cube[0]) +
                             ") or a sub-cube shape (2x2x1, 2x2x2, 2x2x4, 2x4x4)");
            return std::nullopt;
        }
        g.subCube = true;
        g.cubes = 1;
        g.wraps.assign(3, false);
    }
    if (twisted) {
        if (!chip.twistedTorus) {
            fail(whyNot, "an untwisted slice: " + chip.name + " slices cannot be twisted");
            return std::nullopt;
        }
        if (g.subCube || !canTwist(d)) {
            fail(whyNot, "a twistable shape (n x n x 2n or n x 2n x 2n with n >= 4) when "
                         "\"twisted\" is true");
            return std::nullopt;
        }
        g.twisted = true;
    }
    return g;
}

std::optional<SliceGeometry> form2d(const PodSpec& pod, const SliceShape& shape, bool twisted,
                                    std::string* whyNot) {
    const auto& d = shape.dims;
    if (d.size() != 2) {
        fail(whyNot, "a 2D pod needs a shape of two axes like 8x16");
        return std::nullopt;
    }
    const int small = std::min(d[0], d[1]);
    const int large = std::max(d[0], d[1]);
    const bool fits = (d[0] <= pod.shape2d[0] && d[1] <= pod.shape2d[1]);
    // Cloud TPU v5e/v6e shapes: 1x1, 2x2, 2x4, 4x4, 4x8, 8x8, 8x16, 16x16.
    const bool documented = (small == large || 2 * small == large) && (small > 1 || large == 1);
    if (!isPowerOfTwo(d[0]) || !isPowerOfTwo(d[1]) || !documented || !fits) {
        fail(whyNot, "a 2D shape of the pod (" + std::to_string(pod.shape2d[0]) + "x" +
                         std::to_string(pod.shape2d[1]) +
                         "): powers of two, n x n or n x 2n, like 4x8 or 16x16");
        return std::nullopt;
    }
    if (twisted) {
        fail(whyNot, "an untwisted slice: 2D pods cannot twist");
        return std::nullopt;
    }
    SliceGeometry g;
    g.dims = d;
    // Only axes that span the whole pod side close into a ring.
    g.wraps = {d[0] == pod.shape2d[0], d[1] == pod.shape2d[1]};
    return g;
}

} // namespace

std::int64_t SliceShape::chips() const {
    std::int64_t n = 1;
    for (int d : dims)
        n *= d;
    return n;
}

std::string SliceShape::text() const {
    std::string out;
    // append(), not "x" + std::to_string(): GCC 12 at -O3 warns falsely (-Wrestrict) on that.
    for (std::size_t i = 0; i < dims.size(); ++i)
        out.append(i ? "x" : "").append(std::to_string(dims[i]));
    return out;
}

std::int64_t SliceGeometry::chips() const {
    return SliceShape{dims}.chips();
}

std::optional<SliceShape> parseTopology(std::string_view text, std::string* whyNot) {
    SliceShape shape;
    std::size_t pos = 0;
    while (true) {
        int value = 0;
        const char* begin = text.data() + pos;
        const char* end = text.data() + text.size();
        const auto [next, ec] = std::from_chars(begin, end, value);
        // No leading zeros: "06" is not a way to write 6 in a topology string.
        if (ec != std::errc{} || next == begin || value < 1 || value > 4096 || *begin == '0') {
            fail(whyNot, kTopologyExpected);
            return std::nullopt;
        }
        shape.dims.push_back(value);
        pos = static_cast<std::size_t>(next - text.data());
        if (pos == text.size())
            break;
        if (text[pos] != 'x' || shape.dims.size() == 3) {
            fail(whyNot, kTopologyExpected);
            return std::nullopt;
        }
        ++pos;
    }
    if (shape.dims.size() < 2) {
        fail(whyNot, kTopologyExpected);
        return std::nullopt;
    }
    return shape;
}

std::optional<SliceGeometry> formSlice(const PodSpec& pod, const ChipType& chip,
                                       const SliceShape& shape, bool twisted, std::string* whyNot) {
    switch (pod.kind) {
    case PodKind::Tpu3d:
        return form3d(pod, chip, shape, twisted, whyNot);
    case PodKind::Tpu2d:
        return form2d(pod, shape, twisted, whyNot);
    case PodKind::GpuFatTree:
        fail(whyNot, "no torus shape: GPU jobs are placed by node count (\"nodes\")");
        return std::nullopt;
    }
    return std::nullopt;
}

} // namespace podplanner::model
