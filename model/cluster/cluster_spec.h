#pragma once
// The resolved description of a cluster: chip type, pod template, sites and networks.
// Built from a preset plus project overrides (cluster_json.h); plain data, no behaviour beyond
// derived counts.
#include "cluster/failure_rates.h"
#include "hardware/chip_type.h"

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace podplanner::model {

enum class PodKind {
    Tpu3d, // cubes of chips joined by optical circuit switches into 3D tori (v4, v5p, Ironwood)
    Tpu2d, // one fixed 2D torus (v5e, v6e), no OCS
    GpuFatTree, // nodes with an NVLink domain on a leaf/spine fat-tree
};

const char* podKindName(PodKind kind);

struct FloorSpec {
    int racksPerRow = 8;
    int rowsPerPowerRow = 2;
    int ocsPerRack = 8;
};

struct PodSpec {
    PodKind kind = PodKind::Tpu3d;
    // Tpu3d
    std::array<int, 3> cube{4, 4, 4};
    int cubes = 0;
    int maxSliceCubes = 0;
    int ocsPorts = 0;
    int ocsPortsUsed = 0;
    // Tpu2d
    std::array<int, 2> shape2d{0, 0};
    int hostsPerRack = 0;
    // Chips a host serves: a TPU tray, a GPU server or an NVL72 compute tray (`gpus_per_host`).
    int chipsPerHost = 4;
    // GpuFatTree
    int nodes = 0;
    int gpusPerNode = 0;
    // Hosts of each node kept out of jobs as hot spares (an NVL72 rack runs jobs on 16 of its 18
    // compute trays): a job uses jobGpusPerNode() GPUs of every node it is placed on.
    int spareHostsPerNode = 0;
    int nodesPerRack = 0;
    int leafRadix = 0;
    double oversubscription = 1;
    bool railOptimized = true;
    // Time to swap a spare in: an OCS reconfiguration on TPU pods (~10 s, Gemini 1.0 report).
    double spareSwapS = 10;

    FloorSpec floor;

    int chipsPerCube() const { return cube[0] * cube[1] * cube[2]; }
    int hostsPerNode() const { return gpusPerNode / chipsPerHost; } // GpuFatTree
    int jobHostsPerNode() const { return hostsPerNode() - spareHostsPerNode; }
    int jobGpusPerNode() const { return jobHostsPerNode() * chipsPerHost; }
    // Chips in the unit a slice or a spare is counted in: a cube (TPU 3D), a node (GPU), a chip.
    int chipsPerUnit() const {
        return kind == PodKind::Tpu3d        ? chipsPerCube()
               : kind == PodKind::GpuFatTree ? jobGpusPerNode()
                                             : 1;
    }
    // A TPU host (tray) is a block of hx x hy x 1 chips: hx = 2 (1 for one chip), hy = rest.
    std::array<int, 2> hostBlock() const {
        const int hx = chipsPerHost >= 2 ? 2 : 1;
        return {hx, chipsPerHost / hx};
    }
    std::int64_t chips() const;
    std::int64_t hosts() const;
    int racks() const;    // racks that hold chips (cubes for Tpu3d)
    int ocsCount() const; // 0 unless Tpu3d
    int ocsGroupsPerFacePosition() const;

    // GPU fat-tree sizes: leaf ports split down:up = oversubscription:1; rail-optimized leaves
    // take GPU i of every node of a scalable unit of `leafDownPorts()` nodes.
    int leafDownPorts() const;
    int leafUpPorts() const;
    std::int64_t leafSwitches() const;
    std::int64_t spineSwitches() const;
};

struct SiteSpec {
    std::string name;
    int pods = 1;
};

struct NetworkSpec {
    double dcnLatencyUs = 10;
    double dcnOversubscription = 1;
    // Share of a DCN transfer that the compute it overlaps can hide (1: all of it); the rest
    // stays on the critical path (host staging, contention for HBM and PCIe).
    double dcnOverlap = 1;
    // Share of a torus (TPU ICI) collective that the compute it overlaps can hide: FSDP's
    // gathers and reduce-scatters and the gradients' reduction inside a slice (1: all of it).
    double iciOverlap = 1;
    double wanGbitS = 0;
    double wanLatencyMs = 0;
};

struct ClusterSpec {
    std::string id;
    std::string name;
    ChipType chip;
    PodSpec pod;
    std::vector<SiteSpec> sites;
    NetworkSpec network;
    FailureRates failures;
    std::map<std::string, std::string> source;

    int podCount() const;
    std::int64_t chips() const { return pod.chips() * podCount(); }
    // Global pod index -> site index.
    int siteOfPod(int podIndex) const;
};

} // namespace podplanner::model
