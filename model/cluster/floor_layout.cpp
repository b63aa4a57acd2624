#include "cluster/floor_layout.h"

#include <algorithm>
#include <map>
#include <utility>

namespace podplanner::model {

FloorLayout buildFloorLayout(const ClusterSpec& cluster) {
    FloorLayout layout;
    const PodSpec& pod = cluster.pod;
    const FloorSpec& floor = pod.floor;
    const int chipRacks = pod.racks();
    const int ocsRacks =
        pod.kind == PodKind::Tpu3d ? (pod.ocsCount() + floor.ocsPerRack - 1) / floor.ocsPerRack : 0;
    const int chipRows = (chipRacks + floor.racksPerRow - 1) / floor.racksPerRow;
    const int podWidth = floor.racksPerRow + 1; // one empty column as an aisle between pods
    layout.racks.reserve(static_cast<std::size_t>((chipRacks + ocsRacks) * cluster.podCount()));

    // Power rows are numbered per (site, physical row / rowsPerPowerRow), globally unique.
    std::map<std::pair<int, int>, int> powerRowIds;
    auto powerRowOf = [&](int site, int row) {
        const auto key = std::make_pair(site, row / floor.rowsPerPowerRow);
        const auto [it, inserted] = powerRowIds.emplace(key, static_cast<int>(powerRowIds.size()));
        return it->second;
    };

    int globalPod = 0;
    for (std::size_t s = 0; s < cluster.sites.size(); ++s) {
        const int site = static_cast<int>(s);
        for (int podInSite = 0; podInSite < cluster.sites[s].pods; ++podInSite, ++globalPod) {
            const int column0 = podInSite * podWidth;
            layout.firstChipRackOfPod.push_back(static_cast<int>(layout.racks.size()));
            for (int r = 0; r < chipRacks; ++r) {
                const int row = r / floor.racksPerRow;
                layout.racks.push_back({RackKind::Chips, site, globalPod, r, row,
                                        column0 + r % floor.racksPerRow, powerRowOf(site, row)});
            }
            layout.firstOcsRackOfPod.push_back(static_cast<int>(layout.racks.size()));
            for (int r = 0; r < ocsRacks; ++r) {
                const int row = chipRows + r / floor.racksPerRow;
                layout.racks.push_back({RackKind::Ocs, site, globalPod, r, row,
                                        column0 + r % floor.racksPerRow, powerRowOf(site, row)});
            }
        }
    }
    layout.powerRows = static_cast<int>(powerRowIds.size());
    return layout;
}

} // namespace podplanner::model
