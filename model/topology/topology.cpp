#include "topology/topology.h"
#include "topology/topology_impl.h"

#include <boost/graph/connected_components.hpp>
#include <boost/graph/filtered_graph.hpp>

#include <algorithm>
#include <map>
#include <set>

namespace podplanner::model {

namespace {
// Problems a slice's health lists before it stops counting them one by one.
constexpr std::size_t kMaxProblems = 8;

// "chip 5 (host 1, rack 0) is down", "chips 0 to 3 (host 0, rack 0) are down" (a run of
// numbers), or "chips 0, 2 (host 0, rack 0) are down".
std::string downChipsText(const std::vector<std::int64_t>& chips, std::int64_t host, int rack) {
    const std::string where =
        " (host " + std::to_string(host) + ", rack " + std::to_string(rack) + ")";
    if (chips.size() == 1)
        return "chip " + std::to_string(chips.front()) + where + " is down";
    const bool run = chips.back() - chips.front() + 1 == static_cast<std::int64_t>(chips.size());
    std::string list;
    if (run) {
        list = std::to_string(chips.front()) + " to " + std::to_string(chips.back());
    } else {
        for (auto c : chips)
            list += (list.empty() ? "" : ", ") + std::to_string(c);
    }
    return "chips " + list + where + " are down";
}
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

std::int64_t Topology::chipInNode(int pod, int node, int gpu) const {
    return pod * impl_->chipsPerPod + std::int64_t{node} * impl_->cluster.pod.gpusPerNode + gpu;
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
            for (int g = 0; g < spec.jobGpusPerNode(); ++g) // the node's spare hosts come last
                chips.push_back(chipInNode(slice.pod, node, g));
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
    // Chips that are down, host by host in the order the hosts come: a failed tray or host is
    // one reason, not one per chip. Lost links are reported after them.
    struct DownHost {
        std::int64_t host;
        int rack;
        std::vector<std::int64_t> chips;
    };
    std::vector<DownHost> downByHost;
    std::map<std::int64_t, std::size_t> hostGroup;
    std::vector<std::string> linkProblems;
    for (auto chip : chips) {
        if (!m.vertexAlive(chip)) {
            health.brokenChips.push_back(chip);
            const ChipLocation at = locate(chip);
            const auto [group, added] = hostGroup.try_emplace(at.host, downByHost.size());
            if (added)
                downByHost.push_back({at.host, at.rack, {}});
            downByHost[group->second].chips.push_back(chip);
            continue;
        }
        bool lostLink = false;
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
                lostLink = true;
                if (deadOcs.insert(other).second)
                    linkProblems.push_back("OCS " + std::to_string(other - m.ocsBase) +
                                           " is down: it carries optical links of this slice");
                continue;
            }
            if (m.failedEdge[static_cast<std::size_t>(p.index)] ||
                (p.kind != LinkKind::IciOptical && !m.vertexAlive(other))) {
                lostLink = true;
                linkProblems.push_back(std::string(linkKindName(p.kind)) + " link " +
                                       std::to_string(p.index) + " of chip " +
                                       std::to_string(chip) + " is down");
            }
        }
        if (lostLink)
            health.brokenChips.push_back(chip);
    }
    for (auto& down : downByHost) {
        std::sort(down.chips.begin(), down.chips.end());
        report(downChipsText(down.chips, down.host, down.rack));
    }
    for (auto& text : linkProblems)
        report(std::move(text));
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
