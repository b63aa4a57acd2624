#pragma once
// The topology's insides, shared by the files that build it (topology_build.cpp) and answer
// questions about it (topology.cpp): a Boost graph of chips, hosts, cubes and switches, and
// what has failed. Not part of the model's interface.
#include "topology/topology.h"

#include <boost/graph/adjacency_list.hpp>

#include <array>
#include <cstdint>
#include <vector>

namespace podplanner::model {

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
inline constexpr float kHopLatencyUs = 1.0f;

struct Topology::Impl {
    ClusterSpec cluster;
    FloorLayout floor;
    Graph graph;
    std::vector<Edge> edgeByIndex; // by link index, taken when the graph is complete
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
    // A link's index is its place in the edge list; edgeByIndex is filled once the list is
    // complete (indexEdges), because an edge descriptor points at its properties inside the
    // list, which moves whenever the list grows.
    void addLink(std::int64_t a, std::int64_t b, LinkKind kind, double gbyteS, double latencyUs) {
        const auto index = static_cast<std::int32_t>(boost::num_edges(graph));
        boost::add_edge(
            static_cast<Vertex>(a), static_cast<Vertex>(b),
            EdgeProps{kind, static_cast<float>(gbyteS), static_cast<float>(latencyUs), index},
            graph);
        ++linksByKind[static_cast<std::size_t>(kind)];
    }
    void indexEdges();

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

} // namespace podplanner::model
