#pragma once
// The physical graph of a cluster (Boost.Graph inside; see topology.cpp): chips, hosts, cubes,
// OCS and switches as vertices; electrical and optical ICI, NVLink, host, DCN and WAN links as
// edges with bandwidth and latency. Components can be marked failed; the graph then answers
// which chips still reach which, whether a slice's torus is intact, and which spare cube an OCS
// could swap in. Boost stays out of this header so that it is cheap to include.
#include "cluster/cluster_spec.h"
#include "cluster/floor_layout.h"
#include "project/placement.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace podplanner::model {

enum class VertexKind : std::uint8_t {
    Chip,
    Host,
    Cube,
    Ocs,
    NvSwitch,
    TorSwitch,
    LeafSwitch,
    SpineSwitch,
    PodDcnSwitch,
    SiteRouter,
};
inline constexpr std::size_t kVertexKinds = 10;
const char* vertexKindName(VertexKind kind);

enum class LinkKind : std::uint8_t { IciElectrical, IciOptical, NvLink, HostLink, Dcn, Wan };
inline constexpr std::size_t kLinkKinds = 6;
const char* linkKindName(LinkKind kind);

// What a user can mark failed. Index meaning by kind: Chip/Host/Ocs — global index (pod-major);
// Rack — index into FloorLayout::racks; Switch and Link — vertex/edge index; PowerRow — id.
enum class ComponentKind : std::uint8_t { Chip, Host, Rack, Ocs, Switch, Link, PowerRow };

struct Component {
    ComponentKind kind;
    std::int64_t index;
};

struct LinkInfo {
    LinkKind kind;
    std::int64_t a;
    std::int64_t b; // vertex indices
    double gbyteS;  // one way
    double latencyUs;
};

struct ChipLocation {
    int pod = 0;
    int rack = 0;                      // index into FloorLayout::racks
    int cube = -1;                     // within the pod (Tpu3d)
    int node = -1;                     // within the pod (GPU)
    std::int64_t host = 0;             // global host index
    std::array<int, 3> coord{0, 0, 0}; // within its cube (Tpu3d), pod (Tpu2d) or node (GPU: gpu)
};

struct SliceHealth {
    bool intact = true;
    std::vector<std::string> problems;     // the first few reasons, for people
    std::vector<std::int64_t> brokenChips; // the slice's chips that are down or lost a link
};

class Topology {
  public:
    explicit Topology(const ClusterSpec& cluster);
    ~Topology();
    Topology(Topology&&) noexcept;
    Topology& operator=(Topology&&) noexcept;

    const ClusterSpec& cluster() const;
    const FloorLayout& floor() const;

    std::int64_t vertexCount() const;
    std::int64_t vertexCount(VertexKind kind) const;
    std::int64_t linkCount() const;
    std::int64_t linkCount(LinkKind kind) const;
    LinkInfo link(std::int64_t index) const;
    // The indices of the links of one vertex (a chip's ICI, NVLink, host and DCN links).
    std::vector<std::int64_t> linksOf(std::int64_t vertex) const;
    bool isLinkAlive(std::int64_t index) const;
    std::size_t approximateBytes() const;

    std::int64_t chipCount() const { return vertexCount(VertexKind::Chip); }
    // Global chip index for a chip of a Tpu3d cube.
    std::int64_t chipInCube(int pod, int cube, int x, int y, int z) const;
    // Global chip index for GPU `gpu` of a GpuFatTree node (a node's spare hosts hold its last).
    std::int64_t chipInNode(int pod, int node, int gpu) const;
    ChipLocation locate(std::int64_t chip) const;
    std::int64_t ocsCountPerPod() const;
    // Every chip of a placed slice, as global chip indices.
    std::vector<std::int64_t> chipsOf(const PlacedSlice& slice) const;

    // Failures (each call invalidates the cached connectivity).
    void setFailed(Component component, bool failed);
    void clearFailures();
    bool isChipAlive(std::int64_t chip) const;
    bool canReach(std::int64_t chipA, std::int64_t chipB) const;
    // Number of groups of chips that can reach each other (1 when all is well).
    std::int64_t connectedChipGroups() const;
    SliceHealth sliceHealth(const PlacedSlice& slice) const;
    // The lowest cube of `pod` that is not in use, fully alive and reachable through live OCS.
    std::optional<int> findSpareCube(int pod, const std::vector<int>& cubesInUse) const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

} // namespace podplanner::model
