// Building the topology of each pod: TPU 3D tori of cubes joined by optical switches, TPU 2D
// tori, and GPU fat-trees, with their hosts and the data-center network above them.
#include "topology/topology_impl.h"

#include <boost/range/iterator_range.hpp>

#include <algorithm>
#include <set>
#include <stdexcept>

namespace podplanner::model {

std::int64_t Topology::Impl::addTorForRack(int rack, std::int64_t podDcn, double hostsGbyteS) {
    const Vertex tor = addVertex(VertexKind::TorSwitch, -1, rack);
    addLink(static_cast<std::int64_t>(tor), podDcn, LinkKind::Dcn,
            hostsGbyteS / cluster.network.dcnOversubscription, dcnHopLatencyUs());
    return static_cast<std::int64_t>(tor);
}

void Topology::Impl::buildTpu3dPod(int pod, std::int64_t podDcn) {
    const PodSpec& spec = cluster.pod;
    const auto [cx, cy, cz] = spec.cube;
    const auto [hx, hy] = spec.hostBlock();
    const int chipsPerCube = spec.chipsPerCube();
    const int hostsPerCube = chipsPerCube / spec.chipsPerHost;
    const int groups = spec.ocsGroupsPerFacePosition();
    // OCS numbering within a pod: axis-major, then face position, then group.
    const std::array<int, 3> facePositions = {cy * cz, cx * cz, cx * cy};
    const std::array<int, 3> axisOcsBase = {0, facePositions[0] * groups,
                                            (facePositions[0] + facePositions[1]) * groups};
    const std::int64_t podOcs = ocsBase + pod * ocsPerPod;
    for (std::int64_t o = 0; o < ocsPerPod; ++o) {
        const int rack = floor.firstOcsRackOfPod[static_cast<std::size_t>(pod)] +
                         static_cast<int>(o) / spec.floor.ocsPerRack;
        setVertex(static_cast<Vertex>(podOcs + o), VertexKind::Ocs, -1, rack);
    }
    const double iciGB = cluster.chip.iciLinkGbyteS;
    for (int c = 0; c < spec.cubes; ++c) {
        const int rack = floor.firstChipRackOfPod[static_cast<std::size_t>(pod)] + c;
        const std::int64_t cubeVertex = cubeBase + pod * cubesPerPod + c;
        setVertex(static_cast<Vertex>(cubeVertex), VertexKind::Cube, -1, rack);
        const std::int64_t firstHost =
            hostBase + pod * hostsPerPod + std::int64_t{c} * hostsPerCube;
        const std::int64_t tor = addTorForRack(rack, podDcn, chipsPerCube * dcnGbyteSPerChip());
        for (int h = 0; h < hostsPerCube; ++h) {
            setVertex(static_cast<Vertex>(firstHost + h), VertexKind::Host, cubeVertex, rack);
            addLink(firstHost + h, tor, LinkKind::Dcn, spec.chipsPerHost * dcnGbyteSPerChip(),
                    dcnHopLatencyUs());
        }
        const std::int64_t firstChip = pod * chipsPerPod + std::int64_t{c} * chipsPerCube;
        for (int z = 0; z < cz; ++z)
            for (int y = 0; y < cy; ++y)
                for (int x = 0; x < cx; ++x) {
                    const std::array<int, 3> coord = {x, y, z};
                    const std::int64_t chip = firstChip + x + cx * (y + cy * z);
                    const std::int64_t host =
                        firstHost + x / hx + (cx / hx) * (y / hy + (cy / hy) * z);
                    setVertex(static_cast<Vertex>(chip), VertexKind::Chip, host, rack);
                    addLink(chip, host, LinkKind::HostLink, 0, kHopLatencyUs);
                    if (x + 1 < cx)
                        addLink(chip, chip + 1, LinkKind::IciElectrical, iciGB, kHopLatencyUs);
                    if (y + 1 < cy)
                        addLink(chip, chip + cx, LinkKind::IciElectrical, iciGB, kHopLatencyUs);
                    if (z + 1 < cz)
                        addLink(chip, chip + cx * cy, LinkKind::IciElectrical, iciGB,
                                kHopLatencyUs);
                    for (std::size_t a = 0; a < 3; ++a) {
                        const bool low = coord[a] == 0;
                        const bool high = coord[a] == spec.cube[a] - 1;
                        const std::size_t u = a == 0 ? 1 : 0, w = a == 2 ? 1 : 2;
                        const int facePos = coord[u] + spec.cube[u] * coord[w];
                        for (const bool plusFace : {false, true}) {
                            if (plusFace ? !high : !low)
                                continue;
                            const int port = c * 2 + (plusFace ? 1 : 0);
                            const std::int64_t ocs = podOcs + axisOcsBase[a] +
                                                     std::int64_t{facePos} * groups +
                                                     port / spec.ocsPortsUsed;
                            addLink(chip, ocs, LinkKind::IciOptical, iciGB, kHopLatencyUs);
                        }
                    }
                }
    }
}

void Topology::Impl::buildTpu2dPod(int pod, std::int64_t podDcn) {
    const PodSpec& spec = cluster.pod;
    const int w = spec.shape2d[0], h = spec.shape2d[1];
    const auto [hx, hy] = spec.hostBlock();
    const double iciGB = cluster.chip.iciLinkGbyteS;
    const std::int64_t firstChip = pod * chipsPerPod;
    const std::int64_t firstHost = hostBase + pod * hostsPerPod;
    std::vector<std::int64_t> torOfRack;
    for (std::int64_t hIdx = 0; hIdx < hostsPerPod; ++hIdx) {
        const int localRack = static_cast<int>(hIdx / spec.hostsPerRack);
        const int rack = floor.firstChipRackOfPod[static_cast<std::size_t>(pod)] + localRack;
        if (static_cast<int>(torOfRack.size()) <= localRack)
            torOfRack.push_back(addTorForRack(
                rack, podDcn, spec.hostsPerRack * spec.chipsPerHost * dcnGbyteSPerChip()));
        setVertex(static_cast<Vertex>(firstHost + hIdx), VertexKind::Host, -1, rack);
        addLink(firstHost + hIdx, torOfRack.back(), LinkKind::Dcn,
                spec.chipsPerHost * dcnGbyteSPerChip(), dcnHopLatencyUs());
    }
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const std::int64_t chip = firstChip + x + std::int64_t{w} * y;
            const std::int64_t host = firstHost + x / hx + (w / hx) * (y / hy);
            setVertex(static_cast<Vertex>(chip), VertexKind::Chip, host,
                      graph[static_cast<Vertex>(host)].rack);
            addLink(chip, host, LinkKind::HostLink, 0, kHopLatencyUs);
            // The pod is one fixed 2D torus: neighbours and, on full axes, wraparound links.
            if (x + 1 < w || w > 2)
                addLink(chip, firstChip + (x + 1) % w + std::int64_t{w} * y,
                        LinkKind::IciElectrical, iciGB, kHopLatencyUs);
            if (y + 1 < h || h > 2)
                addLink(chip, firstChip + x + std::int64_t{w} * ((y + 1) % h),
                        LinkKind::IciElectrical, iciGB, kHopLatencyUs);
        }
}

void Topology::Impl::buildGpuPod(int pod, std::int64_t podDcn) {
    const PodSpec& spec = cluster.pod;
    const int g = spec.gpusPerNode;
    const double nicGB = dcnGbyteSPerChip();
    // Leaf ports split down:up = oversubscription:1.
    const int down = spec.leafDownPorts();
    const int up = spec.leafUpPorts();
    const std::int64_t leaves = spec.leafSwitches();
    const std::int64_t spines = spec.spineSwitches();
    std::vector<std::int64_t> leafVertex, spineVertex;
    for (std::int64_t s = 0; s < spines; ++s) {
        spineVertex.push_back(
            static_cast<std::int64_t>(addVertex(VertexKind::SpineSwitch, -1, -1)));
        addLink(spineVertex.back(), podDcn, LinkKind::Dcn, spec.leafRadix * nicGB,
                dcnHopLatencyUs());
    }
    const std::int64_t spinesPerLeaf = std::min<std::int64_t>(up, spines);
    for (std::int64_t l = 0; l < leaves; ++l) {
        leafVertex.push_back(static_cast<std::int64_t>(addVertex(VertexKind::LeafSwitch, -1, -1)));
        for (std::int64_t j = 0; j < spinesPerLeaf; ++j)
            addLink(leafVertex.back(),
                    spineVertex[static_cast<std::size_t>((l * spinesPerLeaf + j) % spines)],
                    LinkKind::Dcn, static_cast<double>(up) / spinesPerLeaf * nicGB,
                    dcnHopLatencyUs());
    }
    for (int n = 0; n < spec.nodes; ++n) {
        const int rack =
            floor.firstChipRackOfPod[static_cast<std::size_t>(pod)] + n / spec.nodesPerRack;
        // A node's hosts (one server, or the compute trays of an NVL72 rack) share its NVLink
        // switch, which outlives any one of them but not the rack.
        const std::int64_t firstHost =
            hostBase + pod * hostsPerPod + std::int64_t{n} * spec.hostsPerNode();
        for (int h = 0; h < spec.hostsPerNode(); ++h)
            setVertex(static_cast<Vertex>(firstHost + h), VertexKind::Host, -1, rack);
        const auto nvswitch = static_cast<std::int64_t>(addVertex(VertexKind::NvSwitch, -1, rack));
        for (int i = 0; i < g; ++i) {
            const std::int64_t chip = pod * chipsPerPod + std::int64_t{n} * g + i;
            const std::int64_t host = firstHost + i / spec.chipsPerHost;
            setVertex(static_cast<Vertex>(chip), VertexKind::Chip, host, rack);
            addLink(chip, host, LinkKind::HostLink, 0, kHopLatencyUs);
            addLink(chip, nvswitch, LinkKind::NvLink, cluster.chip.nvlinkGbyteS, kHopLatencyUs);
            const std::int64_t leaf =
                spec.railOptimized ? (n / down) * g + i : (std::int64_t{n} * g + i) / down;
            addLink(chip, leafVertex[static_cast<std::size_t>(leaf)], LinkKind::Dcn, nicGB,
                    dcnHopLatencyUs());
        }
    }
}

void Topology::Impl::build() {
    const PodSpec& spec = cluster.pod;
    const int pods = cluster.podCount();
    chipsPerPod = spec.chips();
    hostsPerPod = spec.hosts();
    cubesPerPod = spec.kind == PodKind::Tpu3d ? spec.cubes : 0;
    ocsPerPod = spec.ocsCount();
    hostBase = chipsPerPod * pods;
    cubeBase = hostBase + hostsPerPod * pods;
    ocsBase = cubeBase + cubesPerPod * pods;
    const std::int64_t fixed = ocsBase + ocsPerPod * pods;
    graph = Graph(static_cast<std::size_t>(fixed));
    // Reserving the edge list avoids repeated growth (and copies) for 100k-chip clusters.
    const std::size_t edgesPerChip = spec.kind == PodKind::GpuFatTree ? 4 : 6;
    graph.m_edges.reserve(static_cast<std::size_t>(chipsPerPod * pods) * edgesPerChip);

    std::vector<std::int64_t> siteRouters;
    for (std::size_t s = 0; s < cluster.sites.size(); ++s) {
        siteRouters.push_back(static_cast<std::int64_t>(addVertex(VertexKind::SiteRouter, -1, -1)));
        for (std::size_t t = 0; t < s; ++t)
            addLink(siteRouters[t], siteRouters.back(), LinkKind::Wan,
                    cluster.network.wanGbitS / 8.0, cluster.network.wanLatencyMs * 1000.0);
    }
    for (int pod = 0; pod < pods; ++pod) {
        const auto podDcn = static_cast<std::int64_t>(addVertex(VertexKind::PodDcnSwitch, -1, -1));
        addLink(podDcn, siteRouters[static_cast<std::size_t>(cluster.siteOfPod(pod))],
                LinkKind::Dcn, static_cast<double>(chipsPerPod) * dcnGbyteSPerChip(),
                dcnHopLatencyUs());
        switch (spec.kind) {
        case PodKind::Tpu3d:
            buildTpu3dPod(pod, podDcn);
            break;
        case PodKind::Tpu2d:
            buildTpu2dPod(pod, podDcn);
            break;
        case PodKind::GpuFatTree:
            buildGpuPod(pod, podDcn);
            break;
        }
    }
    indexEdges();
    failedVertex.assign(boost::num_vertices(graph), 0);
    failedEdge.assign(edgeByIndex.size(), 0);
    failedRack.assign(floor.racks.size(), 0);
    failedPowerRow.assign(static_cast<std::size_t>(floor.powerRows), 0);
}

void Topology::Impl::indexEdges() {
    // The edge list runs in the order the links were added, so a link's index is its place.
    edgeByIndex.clear();
    edgeByIndex.reserve(boost::num_edges(graph));
    for (const Edge e : boost::make_iterator_range(boost::edges(graph))) {
        if (graph[e].index != static_cast<std::int32_t>(edgeByIndex.size()))
            throw std::logic_error("topology: links out of order in the edge list");
        edgeByIndex.push_back(e);
    }
}

} // namespace podplanner::model
