#pragma once
// Where the racks stand: every rack of every pod at a (row, column) of its site's floor, grouped
// into power rows. Pods of a site stand side by side; a pod's OCS racks form rows after its
// chip racks. A power row is a physical row of the site and can span several pods.
#include "cluster/cluster_spec.h"

#include <vector>

namespace podplanner::model {

enum class RackKind { Chips, Ocs };

struct Rack {
    RackKind kind = RackKind::Chips;
    int site = 0;
    int pod = 0;        // global pod index
    int indexInPod = 0; // cube/rack index within the pod (or OCS rack index)
    int row = 0;        // within the site
    int column = 0;     // within the site
    int powerRow = 0;   // global power row index
};

struct FloorLayout {
    std::vector<Rack> racks;
    int powerRows = 0;
    // Index of the first chip rack of each pod in `racks` (chip racks of a pod are contiguous).
    std::vector<int> firstChipRackOfPod;
    std::vector<int> firstOcsRackOfPod;

    int chipRackIndex(int pod, int indexInPod) const {
        return firstChipRackOfPod[static_cast<std::size_t>(pod)] + indexInPod;
    }
    const Rack& chipRack(int pod, int indexInPod) const {
        return racks[static_cast<std::size_t>(chipRackIndex(pod, indexInPod))];
    }
};

FloorLayout buildFloorLayout(const ClusterSpec& cluster);

} // namespace podplanner::model
