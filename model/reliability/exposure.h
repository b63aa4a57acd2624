#pragma once
// What a job depends on (docs/reliability.md, "Inventory and blast radius"): for each kind of
// component, how many the job's placement uses or depends on, how often that interrupts the job,
// how long a repair takes, and whether a hot spare can stand in for it.
#include "cluster/cluster_spec.h"
#include "cluster/floor_layout.h"
#include "project/job.h"
#include "project/placement.h"

#include <array>
#include <vector>

namespace podplanner::model::reliability {

struct KindExposure {
    double count = 0;       // components of this kind the job depends on
    double perDay = 0;      // job interruptions per day of running caused by this kind
    double repairH = 0;     // time to repair one (MTTR)
    bool spareable = false; // a hot spare cube / node can replace what fails
    // A spare host of the same node can replace what fails (a GPU, its tray, NVLink port or NIC).
    bool hostSpareable = false;
};

struct JobExposure {
    std::array<KindExposure, kFailureKinds> kinds{};
    int slices = 1;             // data-parallel replicas an elastic job can shed (pods or slices)
    int units = 0;              // cubes (TPU 3D) or nodes (GPU) the job occupies
    std::vector<int> powerRows; // power rows of the job's racks
    std::vector<int> unitsPerPowerRow; // units of the job in each of those rows
    double spareSwapS = 0;
    // Units (cubes / nodes) that can replace a broken one: the job's hot spares and its share of
    // the free units of its pods (the OCS or the scheduler can swap any free one in).
    int spares = 0;
    // Spare hosts inside each of the job's nodes (`spare_hosts_per_node`: an NVL72 rack's spare
    // trays), which stand in for a failed host of that node without a spare node.
    int spareHostsPerNode = 0;
    double sdcPerHour = 0; // silent data corruptions per hour of running, whole job
    // Failures that only take bandwidth: a spine switch of a GPU fat-tree. The job runs on, its
    // DCN traffic over the remaining spines, until the repair.
    double bandwidthOnlyPerDay = 0;
    double bandwidthOnlyLossH = 0; // lost progress per such failure (set with the step's DCN share)
    double spines = 0;

    double interruptionsPerDay() const;
};

JobExposure jobExposure(const ClusterSpec& cluster, const FloorLayout& floor,
                        const JobPlacement& placement, const ReliabilitySpec& policy);

// Spares of every job: its hot spares plus a share, in proportion to its units, of the free
// units left in its pods once every job's hot spares are set aside. TPU 2D pods have no OCS to
// swap with: no spares there.
std::vector<int> spareUnits(const ClusterSpec& cluster, const std::vector<Job>& jobs,
                            const std::vector<JobPlacement>& placements);

} // namespace podplanner::model::reliability
