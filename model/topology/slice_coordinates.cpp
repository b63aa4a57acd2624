#include "topology/slice_coordinates.h"

namespace podplanner::model {

std::vector<std::array<int, 3>> sliceTorusCoordinates(const PodSpec& pod,
                                                      const PlacedSlice& slice) {
    std::vector<std::array<int, 3>> out;
    if (!slice.geometry)
        return out;
    const auto& dims = slice.geometry->dims;
    out.reserve(static_cast<std::size_t>(slice.chips));
    if (pod.kind != PodKind::Tpu3d || slice.geometry->subCube) {
        // Chips in x-fastest order of the slice itself.
        const int nx = dims[0], ny = dims.size() > 1 ? dims[1] : 1;
        for (std::int64_t i = 0; i < slice.chips; ++i)
            out.push_back({static_cast<int>(i % nx), static_cast<int>((i / nx) % ny),
                           static_cast<int>(i / (std::int64_t{nx} * ny))});
        return out;
    }
    const auto& c = pod.cube;
    const int cubesX = dims[0] / c[0], cubesY = dims[1] / c[1];
    for (std::size_t k = 0; k < slice.cubes.size(); ++k) {
        const int kk = static_cast<int>(k);
        const std::array<int, 3> origin{(kk % cubesX) * c[0], ((kk / cubesX) % cubesY) * c[1],
                                        (kk / (cubesX * cubesY)) * c[2]};
        for (int z = 0; z < c[2]; ++z)
            for (int y = 0; y < c[1]; ++y)
                for (int x = 0; x < c[0]; ++x)
                    out.push_back({origin[0] + x, origin[1] + y, origin[2] + z});
    }
    return out;
}

} // namespace podplanner::model
