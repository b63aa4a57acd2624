#include "topology/topology.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/connected_components.hpp>
#include <boost/graph/filtered_graph.hpp>

#include <algorithm>
#include <set>

namespace podplanner::model {

namespace {

struct VertexProps {
    VertexKind kind = VertexKind::Chip;
    std::int32_t parent = -1; // chip -> host -> cube: a dead parent takes its children down
    std::int32_t rack = -1;   // index into FloorLayout::racks, or -1 (not in a rack)
};

struct EdgeProps {
    LinkKind kind = LinkKind::IciElectrical;
    float gbyteS = 0;
    float latencyUs = 0;
    std::int32_t index = 0;
};

// vecS edge list: edges are never removed, and indices stay stable.
using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, VertexProps,
                                    EdgeProps, boost::no_property, boost::vecS>;
using Vertex = Graph::vertex_descriptor;
using Edge = Graph::edge_descriptor;

// Latency per ICI / NVLink / host hop: HARDWARE.md's "about 1 us per hop".
constexpr float kHopLatencyUs = 1.0f;
constexpr std::size_t kMaxProblems = 8;

} // namespace

const char* vertexKindName(VertexKind kind) {
    static const char* names[] = {"chip",           "host",       "cube",        "ocs",
                                  "nvswitch",       "tor_switch", "leaf_switch", "spine_switch",
                                  "pod_dcn_switch", "site_router"};
    return names[static_cast<std::size_t>(kind)];
}

const char* linkKindName(LinkKind kind) {
    static const char* names[] = {"ici_electrical", "ici_optical", "nvlink", "host", "dcn", "wan"};
    return names[static_cast<std::size_t>(kind)];
}

struct Topology::Impl {
    ClusterSpec cluster;
    FloorLayout floor;
    Graph graph;
    std::vector<Edge> edgeByIndex;
    std::array<std::int64_t, kVertexKinds> verticesByKind{};
    std::array<std::int64_t, kLinkKinds> linksByKind{};

    std::int64_t chipsPerPod = 0, hostsPerPod = 0, cubesPerPod = 0, ocsPerPod = 0;
    std::int64_t hostBase = 0, cubeBase = 0, ocsBase = 0;

    std::vector<char> failedVertex, failedEdge, failedRack, failedPowerRow;
    mutable std::vector<int> component; // per vertex; -1 = dead
    mutable bool componentsValid = false;

    explicit Impl(const ClusterSpec& spec) : cluster(spec), floor(buildFloorLayout(spec)) {}

    Vertex addVertex(VertexKind kind, int parent, int rack) {
        const Vertex v = boost::add_vertex(VertexProps{kind, parent, rack}, graph);
        ++verticesByKind[static_cast<std::size_t>(kind)];
        return v;
    }
    void setVertex(Vertex v, VertexKind kind, std::int64_t parent, int rack) {
        graph[v] = VertexProps{kind, static_cast<std::int32_t>(parent), rack};
        ++verticesByKind[static_cast<std::size_t>(kind)];
    }
    void addLink(std::int64_t a, std::int64_t b, LinkKind kind, double gbyteS, double latencyUs) {
        const auto index = static_cast<std::int32_t>(edgeByIndex.size());
        const auto [edge, added] = boost::add_edge(
            static_cast<Vertex>(a), static_cast<Vertex>(b),
            EdgeProps{kind, static_cast<float>(gbyteS), static_cast<float>(latencyUs), index},
            graph);
        (void)added;
        edgeByIndex.push_back(edge);
        ++linksByKind[static_cast<std::size_t>(kind)];
    }

    void build();
    void buildTpu3dPod(int pod, std::int64_t podDcn);
    void buildTpu2dPod(int pod, std::int64_t podDcn);
    void buildGpuPod(int pod, std::int64_t podDcn);
    std::int64_t addTorForRack(int rack, std::int64_t podDcn, double hostsGbyteS);

    double dcnGbyteSPerChip() const { return cluster.chip.dcnGbitS / 8.0; }
    double dcnHopLatencyUs() const { return cluster.network.dcnLatencyUs / 4.0; }

    bool vertexAlive(std::int64_t v) const {
        while (v >= 0) {
            if (failedVertex[static_cast<std::size_t>(v)])
                return false;
            const VertexProps& p = graph[static_cast<Vertex>(v)];
            if (p.rack >= 0) {
                const auto rack = static_cast<std::size_t>(p.rack);
                if (failedRack[rack] ||
                    failedPowerRow[static_cast<std::size_t>(floor.racks[rack].powerRow)])
                    return false;
            }
            v = p.parent;
        }
        return true;
    }
    bool edgeAlive(const Edge& e) const {
        return !failedEdge[static_cast<std::size_t>(graph[e].index)] &&
               vertexAlive(static_cast<std::int64_t>(boost::source(e, graph))) &&
               vertexAlive(static_cast<std::int64_t>(boost::target(e, graph)));
    }
    void updateComponents() const;
};

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
        const std::int64_t host = hostBase + pod * hostsPerPod + n;
        setVertex(static_cast<Vertex>(host), VertexKind::Host, -1, rack);
        const auto nvswitch = static_cast<std::int64_t>(
            addVertex(VertexKind::NvSwitch, static_cast<int>(host), rack));
        for (int i = 0; i < g; ++i) {
            const std::int64_t chip = pod * chipsPerPod + std::int64_t{n} * g + i;
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
    edgeByIndex.reserve(graph.m_edges.capacity());

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
    failedVertex.assign(boost::num_vertices(graph), 0);
    failedEdge.assign(edgeByIndex.size(), 0);
    failedRack.assign(floor.racks.size(), 0);
    failedPowerRow.assign(static_cast<std::size_t>(floor.powerRows), 0);
}

void Topology::Impl::updateComponents() const {
    if (componentsValid)
        return;
    struct AliveVertex {
        const Impl* impl = nullptr;
        bool operator()(Vertex v) const { return impl->vertexAlive(static_cast<std::int64_t>(v)); }
    };
    struct AliveEdge {
        const Impl* impl = nullptr;
        bool operator()(const Edge& e) const { return impl->edgeAlive(e); }
    };
    const boost::filtered_graph<Graph, AliveEdge, AliveVertex> alive(graph, AliveEdge{this},
                                                                     AliveVertex{this});
    component.assign(boost::num_vertices(graph), -1);
    boost::connected_components(
        alive, boost::make_iterator_property_map(component.begin(),
                                                 boost::get(boost::vertex_index, graph)));
    componentsValid = true;
}

Topology::Topology(const ClusterSpec& cluster) : impl_(std::make_unique<Impl>(cluster)) {
    impl_->build();
}
Topology::~Topology() = default;
Topology::Topology(Topology&&) noexcept = default;
Topology& Topology::operator=(Topology&&) noexcept = default;

const ClusterSpec& Topology::cluster() const {
    return impl_->cluster;
}
const FloorLayout& Topology::floor() const {
    return impl_->floor;
}

std::int64_t Topology::vertexCount() const {
    return static_cast<std::int64_t>(boost::num_vertices(impl_->graph));
}
std::int64_t Topology::vertexCount(VertexKind kind) const {
    return impl_->verticesByKind[static_cast<std::size_t>(kind)];
}
std::int64_t Topology::linkCount() const {
    return static_cast<std::int64_t>(impl_->edgeByIndex.size());
}
std::int64_t Topology::linkCount(LinkKind kind) const {
    return impl_->linksByKind[static_cast<std::size_t>(kind)];
}

LinkInfo Topology::link(std::int64_t index) const {
    const Edge& e = impl_->edgeByIndex.at(static_cast<std::size_t>(index));
    const EdgeProps& p = impl_->graph[e];
    return {p.kind, static_cast<std::int64_t>(boost::source(e, impl_->graph)),
            static_cast<std::int64_t>(boost::target(e, impl_->graph)), p.gbyteS, p.latencyUs};
}

std::vector<std::int64_t> Topology::linksOf(std::int64_t vertex) const {
    std::vector<std::int64_t> out;
    if (vertex < 0 || vertex >= vertexCount())
        return out;
    for (const auto e :
         boost::make_iterator_range(boost::out_edges(static_cast<Vertex>(vertex), impl_->graph)))
        out.push_back(impl_->graph[e].index);
    std::sort(out.begin(), out.end());
    return out;
}

bool Topology::isLinkAlive(std::int64_t index) const {
    return impl_->edgeAlive(impl_->edgeByIndex.at(static_cast<std::size_t>(index)));
}

std::size_t Topology::approximateBytes() const {
    // Vertex records with their out-edge vectors (two entries per undirected edge), the edge
    // list, the index of edges, and the failure flags.
    const std::size_t v = boost::num_vertices(impl_->graph);
    const std::size_t e = impl_->edgeByIndex.size();
    return v * (sizeof(VertexProps) + sizeof(std::vector<int>) + 2) +
           2 * e * (2 * sizeof(std::size_t)) + e * (2 * sizeof(std::size_t) + sizeof(EdgeProps)) +
           e * (sizeof(Edge) + 1) + v * sizeof(int);
}

std::int64_t Topology::chipInCube(int pod, int cube, int x, int y, int z) const {
    const auto& c = impl_->cluster.pod.cube;
    return pod * impl_->chipsPerPod + std::int64_t{cube} * impl_->cluster.pod.chipsPerCube() + x +
           c[0] * (y + c[1] * z);
}

std::int64_t Topology::ocsCountPerPod() const {
    return impl_->ocsPerPod;
}

ChipLocation Topology::locate(std::int64_t chip) const {
    const Impl& m = *impl_;
    const PodSpec& spec = m.cluster.pod;
    ChipLocation at;
    at.pod = static_cast<int>(chip / m.chipsPerPod);
    const std::int64_t local = chip % m.chipsPerPod;
    const auto vertexRack = m.graph[static_cast<Vertex>(chip)].rack;
    at.rack = vertexRack;
    at.host = m.graph[static_cast<Vertex>(chip)].parent - m.hostBase;
    switch (spec.kind) {
    case PodKind::Tpu3d: {
        at.cube = static_cast<int>(local / spec.chipsPerCube());
        const int l = static_cast<int>(local % spec.chipsPerCube());
        at.coord = {l % spec.cube[0], (l / spec.cube[0]) % spec.cube[1],
                    l / (spec.cube[0] * spec.cube[1])};
        break;
    }
    case PodKind::Tpu2d:
        at.coord = {static_cast<int>(local % spec.shape2d[0]),
                    static_cast<int>(local / spec.shape2d[0]), 0};
        break;
    case PodKind::GpuFatTree:
        at.node = static_cast<int>(local / spec.gpusPerNode);
        at.coord = {static_cast<int>(local % spec.gpusPerNode), 0, 0};
        break;
    }
    return at;
}

std::vector<std::int64_t> Topology::chipsOf(const PlacedSlice& slice) const {
    const Impl& m = *impl_;
    const PodSpec& spec = m.cluster.pod;
    std::vector<std::int64_t> chips;
    chips.reserve(static_cast<std::size_t>(slice.chips));
    const std::int64_t podFirst = slice.pod * m.chipsPerPod;
    switch (spec.kind) {
    case PodKind::Tpu3d:
        for (int cube : slice.cubes) {
            // A sub-cube slice sits at the cube's origin corner.
            const auto& d = slice.geometry->subCube
                                ? slice.geometry->dims
                                : std::vector<int>(spec.cube.begin(), spec.cube.end());
            for (int z = 0; z < d[2]; ++z)
                for (int y = 0; y < d[1]; ++y)
                    for (int x = 0; x < d[0]; ++x)
                        chips.push_back(chipInCube(slice.pod, cube, x, y, z));
        }
        break;
    case PodKind::Tpu2d:
        for (std::int64_t i = 0; i < slice.chips; ++i)
            chips.push_back(podFirst + slice.firstChip + i);
        break;
    case PodKind::GpuFatTree:
        for (int node : slice.nodes)
            for (int g = 0; g < spec.gpusPerNode; ++g)
                chips.push_back(podFirst + std::int64_t{node} * spec.gpusPerNode + g);
        break;
    }
    return chips;
}

void Topology::setFailed(Component component, bool failed) {
    Impl& m = *impl_;
    const auto i = static_cast<std::size_t>(component.index);
    auto checked = [&](std::vector<char>& flags, std::size_t at, const char* what) {
        if (component.index < 0 || at >= flags.size())
            throw std::out_of_range(std::string("no such ") + what + ": " +
                                    std::to_string(component.index));
        flags[at] = failed ? 1 : 0;
    };
    switch (component.kind) {
    case ComponentKind::Chip:
        if (component.index >= m.hostBase)
            throw std::out_of_range("no such chip: " + std::to_string(component.index));
        checked(m.failedVertex, i, "chip");
        break;
    case ComponentKind::Host:
        if (component.index >= m.cubeBase - m.hostBase)
            throw std::out_of_range("no such host: " + std::to_string(component.index));
        checked(m.failedVertex, static_cast<std::size_t>(m.hostBase) + i, "host");
        break;
    case ComponentKind::Ocs:
        if (component.index >= m.ocsPerPod * m.cluster.podCount())
            throw std::out_of_range("no such OCS: " + std::to_string(component.index));
        checked(m.failedVertex, static_cast<std::size_t>(m.ocsBase) + i, "OCS");
        break;
    case ComponentKind::Switch:
        if (component.index < m.ocsBase + m.ocsPerPod * m.cluster.podCount() ||
            component.index >= static_cast<std::int64_t>(m.failedVertex.size()))
            throw std::out_of_range("no such switch: " + std::to_string(component.index));
        checked(m.failedVertex, i, "switch");
        break;
    case ComponentKind::Rack:
        checked(m.failedRack, i, "rack");
        break;
    case ComponentKind::Link:
        checked(m.failedEdge, i, "link");
        break;
    case ComponentKind::PowerRow:
        checked(m.failedPowerRow, i, "power row");
        break;
    }
    m.componentsValid = false;
}

void Topology::clearFailures() {
    Impl& m = *impl_;
    for (auto* flags : {&m.failedVertex, &m.failedEdge, &m.failedRack, &m.failedPowerRow})
        std::fill(flags->begin(), flags->end(), 0);
    m.componentsValid = false;
}

bool Topology::isChipAlive(std::int64_t chip) const {
    return impl_->vertexAlive(chip);
}

bool Topology::canReach(std::int64_t chipA, std::int64_t chipB) const {
    impl_->updateComponents();
    const auto a = impl_->component[static_cast<std::size_t>(chipA)];
    return a >= 0 && a == impl_->component[static_cast<std::size_t>(chipB)];
}

std::int64_t Topology::connectedChipGroups() const {
    impl_->updateComponents();
    std::set<int> groups;
    for (std::int64_t c = 0; c < chipCount(); ++c)
        if (impl_->component[static_cast<std::size_t>(c)] >= 0)
            groups.insert(impl_->component[static_cast<std::size_t>(c)]);
    return static_cast<std::int64_t>(groups.size());
}

SliceHealth Topology::sliceHealth(const PlacedSlice& slice) const {
    const Impl& m = *impl_;
    SliceHealth health;
    std::size_t hidden = 0;
    auto report = [&](std::string text) {
        health.intact = false;
        if (health.problems.size() < kMaxProblems)
            health.problems.push_back(std::move(text));
        else
            ++hidden;
    };
    const auto chips = chipsOf(slice);
    std::vector<char> inSlice(static_cast<std::size_t>(chipCount()), 0);
    for (auto c : chips)
        inSlice[static_cast<std::size_t>(c)] = 1;
    // Whole-cube TPU slices close their rings through the OCS, so their optical links count.
    const bool needsOptical = m.cluster.pod.kind == PodKind::Tpu3d && !slice.geometry->subCube;
    std::set<std::int64_t> deadOcs;
    for (auto chip : chips) {
        if (!m.vertexAlive(chip)) {
            const auto at = locate(chip);
            report("chip " + std::to_string(chip) + " (host " + std::to_string(at.host) +
                   ", rack " + std::to_string(at.rack) + ") is down");
            continue;
        }
        for (const auto& e :
             boost::make_iterator_range(boost::out_edges(static_cast<Vertex>(chip), m.graph))) {
            const EdgeProps& p = m.graph[e];
            const auto other = static_cast<std::int64_t>(boost::target(e, m.graph));
            const bool torusLink =
                p.kind == LinkKind::IciElectrical || p.kind == LinkKind::NvLink ||
                (p.kind == LinkKind::IciOptical && needsOptical) ||
                (p.kind == LinkKind::Dcn && m.cluster.pod.kind == PodKind::GpuFatTree);
            if (!torusLink)
                continue;
            if (p.kind == LinkKind::IciElectrical && !inSlice[static_cast<std::size_t>(other)])
                continue;
            if (p.kind == LinkKind::IciOptical && !m.vertexAlive(other)) {
                if (deadOcs.insert(other).second)
                    report("OCS " + std::to_string(other - m.ocsBase) +
                           " is down: it carries optical links of this slice");
                continue;
            }
            if (m.failedEdge[static_cast<std::size_t>(p.index)] ||
                (p.kind != LinkKind::IciOptical && !m.vertexAlive(other)))
                report(std::string(linkKindName(p.kind)) + " link " + std::to_string(p.index) +
                       " of chip " + std::to_string(chip) + " is down");
        }
    }
    if (hidden)
        health.problems.push_back("... and " + std::to_string(hidden) + " more");
    return health;
}

std::optional<int> Topology::findSpareCube(int pod, const std::vector<int>& cubesInUse) const {
    const Impl& m = *impl_;
    if (m.cluster.pod.kind != PodKind::Tpu3d)
        return std::nullopt;
    for (int c = 0; c < m.cluster.pod.cubes; ++c) {
        if (std::find(cubesInUse.begin(), cubesInUse.end(), c) != cubesInUse.end())
            continue;
        PlacedSlice whole;
        whole.pod = pod;
        whole.cubes = {c};
        whole.chips = m.cluster.pod.chipsPerCube();
        whole.geometry =
            SliceGeometry{{m.cluster.pod.cube[0], m.cluster.pod.cube[1], m.cluster.pod.cube[2]},
                          {true, true, true},
                          false,
                          false,
                          1};
        if (m.vertexAlive(m.cubeBase + pod * m.cubesPerPod + c) && sliceHealth(whole).intact)
            return c;
    }
    return std::nullopt;
}

} // namespace podplanner::model
