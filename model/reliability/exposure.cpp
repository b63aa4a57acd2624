#include "reliability/exposure.h"

#include <algorithm>
#include <map>

namespace podplanner::model::reliability {

namespace {

// Links inside one cube (no wraparound) and its face links to the OCS.
double electricalLinksInBox(const std::array<int, 3>& d) {
    return static_cast<double>(d[0] - 1) * d[1] * d[2] +
           static_cast<double>(d[1] - 1) * d[0] * d[2] +
           static_cast<double>(d[2] - 1) * d[0] * d[1];
}

double opticalLinksPerCube(const std::array<int, 3>& d) {
    return 2.0 * (static_cast<double>(d[1]) * d[2] + static_cast<double>(d[0]) * d[2] +
                  static_cast<double>(d[0]) * d[1]);
}

} // namespace

double JobExposure::interruptionsPerDay() const {
    double total = 0;
    for (const auto& k : kinds)
        total += k.perDay;
    return total;
}

JobExposure jobExposure(const ClusterSpec& cluster, const FloorLayout& floor,
                        const JobPlacement& placement, const ReliabilitySpec& policy) {
    const PodSpec& pod = cluster.pod;
    JobExposure e;
    e.slices = static_cast<int>(placement.slices.size());
    e.spareSwapS = pod.spareSwapS;
    std::array<double, kFailureKinds> count{};
    auto add = [&count](FailureKind k, double n) { count[static_cast<std::size_t>(k)] += n; };
    std::map<int, int> unitsByRow; // power row -> units (cubes / racks of nodes)

    for (const PlacedSlice& slice : placement.slices) {
        const double chips = static_cast<double>(slice.chips);
        add(FailureKind::Chip, chips);
        switch (pod.kind) {
        case PodKind::Tpu3d: {
            const SliceGeometry& g = *slice.geometry;
            add(FailureKind::Host, std::max(1.0, chips / pod.chipsPerHost));
            add(FailureKind::Cube, static_cast<double>(slice.cubes.size()));
            add(FailureKind::Switch, static_cast<double>(slice.cubes.size()));  // ToR per rack
            add(FailureKind::DcnLink, std::max(1.0, chips / pod.chipsPerHost)); // host NICs
            if (g.subCube) {
                add(FailureKind::IciLink, electricalLinksInBox({g.dims[0], g.dims[1], g.dims[2]}));
            } else {
                // Whole cubes: every electrical and optical link of the cubes, and every OCS of
                // the pod (each carries one face position of every cube).
                add(FailureKind::IciLink,
                    static_cast<double>(slice.cubes.size()) *
                        (electricalLinksInBox(pod.cube) + opticalLinksPerCube(pod.cube)));
                add(FailureKind::Ocs, pod.ocsCount());
            }
            for (int cube : slice.cubes)
                ++unitsByRow[floor.chipRack(slice.pod, cube).powerRow];
            e.units += static_cast<int>(slice.cubes.size());
            break;
        }
        case PodKind::Tpu2d: {
            const double hosts = std::max(1.0, chips / pod.chipsPerHost);
            add(FailureKind::Host, hosts);
            add(FailureKind::DcnLink, hosts);
            add(FailureKind::IciLink, 2.0 * chips); // the pod's torus links among its chips
            const int chipsPerRack = pod.hostsPerRack * pod.chipsPerHost;
            const int firstRack = static_cast<int>(slice.firstChip / chipsPerRack);
            const int lastRack =
                static_cast<int>((slice.firstChip + slice.chips - 1) / chipsPerRack);
            add(FailureKind::Cube, lastRack - firstRack + 1);
            add(FailureKind::Switch, lastRack - firstRack + 1);
            for (int r = firstRack; r <= lastRack; ++r)
                ++unitsByRow[floor.chipRack(slice.pod, r).powerRow];
            e.units += lastRack - firstRack + 1;
            break;
        }
        case PodKind::GpuFatTree: {
            // A host (server, or NVL72 compute tray) fails alone; the spare unit is the node.
            add(FailureKind::Host, std::max(1.0, chips / pod.chipsPerHost));
            add(FailureKind::DcnLink, chips); // a NIC per GPU
            add(FailureKind::IciLink, chips); // NVLink: each GPU to its node's switch
            std::map<int, int> racks;
            for (int node : slice.nodes)
                ++racks[node / pod.nodesPerRack];
            add(FailureKind::Cube, static_cast<double>(racks.size()));
            add(FailureKind::Switch,
                static_cast<double>(racks.size())); // leaf per rack's rail group
            for (int node : slice.nodes)
                ++unitsByRow[floor.chipRack(slice.pod, node / pod.nodesPerRack).powerRow];
            e.units += static_cast<int>(slice.nodes.size());
            break;
        }
        }
    }
    for (const auto& [row, units] : unitsByRow) {
        e.powerRows.push_back(row);
        e.unitsPerPowerRow.push_back(units);
    }
    add(FailureKind::PowerRow, static_cast<double>(unitsByRow.size()));

    const FailureRates& rates = cluster.failures;
    // A preflight scan removes its coverage of the early-life share of part failures.
    const double scanned = 1.0 - policy.preflight.coverage * rates.earlyLifeShare;
    for (std::size_t k = 0; k < kFailureKinds; ++k) {
        const auto kind = static_cast<FailureKind>(k);
        KindExposure& out = e.kinds[k];
        out.count = count[k];
        const bool part =
            kind == FailureKind::Chip || kind == FailureKind::Host || kind == FailureKind::Cube;
        out.perDay = count[k] * rates.perDay(kind) * (part ? scanned : 1.0);
        out.repairH = rates.repairH(kind);
        // A spare cube or node replaces a broken chip, host, rack, link inside it, its NIC or
        // its top-of-rack switch; an OCS or a power row takes more than one unit down.
        out.spareable = kind != FailureKind::Ocs && kind != FailureKind::PowerRow;
        out.hostSpareable = pod.spareHostsPerNode > 0 && // set on GPU pods only
                            (kind == FailureKind::Chip || kind == FailureKind::Host ||
                             kind == FailureKind::IciLink || kind == FailureKind::DcnLink);
    }
    e.spareHostsPerNode = pod.spareHostsPerNode;
    if (pod.kind == PodKind::GpuFatTree) {
        e.spines =
            static_cast<double>(pod.spineSwitches()) * static_cast<double>(placement.slices.size());
        e.bandwidthOnlyPerDay = e.spines * rates.perDay(FailureKind::Switch);
    }
    const double sdcRate =
        policy.sdc.ratePerChipHour >= 0 ? policy.sdc.ratePerChipHour : rates.sdcPerChipHour;
    e.sdcPerHour = sdcRate * static_cast<double>(placement.chips());
    return e;
}

std::vector<int> spareUnits(const ClusterSpec& cluster, const std::vector<Job>& jobs,
                            const std::vector<JobPlacement>& placements) {
    const PodSpec& pod = cluster.pod;
    std::vector<int> spares(jobs.size(), 0);
    if (pod.kind == PodKind::Tpu2d)
        return spares;
    const int unitsPerPod = pod.kind == PodKind::Tpu3d ? pod.cubes : pod.nodes;
    // Units used and hot spares reserved per pod; each job's units per pod.
    std::map<int, int> used, reserved;
    std::vector<std::map<int, int>> jobUnits(jobs.size());
    for (std::size_t j = 0; j < jobs.size(); ++j) {
        for (const auto& s : placements[j].slices) {
            const int units =
                static_cast<int>(pod.kind == PodKind::Tpu3d ? s.cubes.size() : s.nodes.size());
            used[s.pod] += units;
            jobUnits[j][s.pod] += units;
        }
        const int firstPod = placements[j].slices.front().pod;
        reserved[firstPod] += jobs[j].reliability.hotSpareCubes;
    }
    for (std::size_t j = 0; j < jobs.size(); ++j) {
        double shared = 0;
        for (const auto& [podIndex, units] : jobUnits[j]) {
            const int unreserved = std::max(0, unitsPerPod - used[podIndex] - reserved[podIndex]);
            shared += static_cast<double>(unreserved) * units / used[podIndex];
        }
        spares[j] = jobs[j].reliability.hotSpareCubes + static_cast<int>(shared);
    }
    return spares;
}

} // namespace podplanner::model::reliability
