#include "info/project_info.h"

#include "core/json_reader.h"
#include "project/placement.h"
#include "topology/topology.h"
#include "topology/torus_metrics.h"

namespace podplanner::model {

namespace {

Json countsJson(const Topology& topology, const ClusterSpec& cluster) {
    Json counts;
    counts["sites"] = cluster.sites.size();
    counts["pods"] = cluster.podCount();
    counts["chips"] = topology.vertexCount(VertexKind::Chip);
    counts["hosts"] = topology.vertexCount(VertexKind::Host);
    counts["cubes"] = topology.vertexCount(VertexKind::Cube);
    counts["racks"] = topology.floor().racks.size();
    counts["power_rows"] = topology.floor().powerRows;
    counts["ocs"] = topology.vertexCount(VertexKind::Ocs);
    Json switches;
    for (auto kind : {VertexKind::NvSwitch, VertexKind::TorSwitch, VertexKind::LeafSwitch,
                      VertexKind::SpineSwitch, VertexKind::PodDcnSwitch, VertexKind::SiteRouter})
        switches[vertexKindName(kind)] = topology.vertexCount(kind);
    counts["switches"] = switches;
    Json links;
    for (std::size_t k = 0; k < kLinkKinds; ++k)
        links[linkKindName(static_cast<LinkKind>(k))] =
            topology.linkCount(static_cast<LinkKind>(k));
    counts["links"] = links;
    counts["vertices"] = topology.vertexCount();
    counts["edges"] = topology.linkCount();
    return counts;
}

Json sliceJson(const PlacedSlice& slice, const ClusterSpec& cluster) {
    Json out;
    out["pod"] = slice.pod;
    out["chips"] = slice.chips;
    if (!slice.geometry) {
        out["nodes"] = slice.nodes.size();
        // The GPUs of each node the job uses; the node's spare hosts hold the rest.
        out["nvlink_domain"] = cluster.pod.jobGpusPerNode();
        if (cluster.pod.spareHostsPerNode > 0)
            out["spare_gpus_per_node"] = cluster.pod.gpusPerNode - cluster.pod.jobGpusPerNode();
        return out;
    }
    const SliceGeometry& g = *slice.geometry;
    out["shape"] = SliceShape{g.dims}.text();
    if (cluster.pod.kind == PodKind::Tpu3d)
        out["cubes"] = slice.cubes;
    const char* axisNames[] = {"x", "y", "z"};
    Json wraps;
    for (std::size_t a = 0; a < g.dims.size(); ++a)
        wraps[axisNames[a]] = static_cast<bool>(g.wraps[a]);
    out["wraparound"] = wraps;
    out["twisted"] = g.twisted;
    out["sub_cube"] = g.subCube;
    const TorusMetrics m = torusMetrics(g, cluster.chip.iciLinkGbyteS);
    out["diameter_hops"] = m.diameter;
    out["average_hops"] = m.averageHops;
    out["bisection_links"] = m.bisectionLinks;
    out["bisection_gbyte_s"] = m.bisectionGbyteS;
    return out;
}

} // namespace

std::string projectInfoJson(const Project& project) {
    const ClusterSpec& cluster = project.cluster;
    const Topology topology(cluster);
    const auto placements = placeJobs(project);

    Json doc;
    doc["name"] = project.name;
    Json c;
    c["id"] = cluster.id;
    c["name"] = cluster.name;
    c["kind"] = podKindName(cluster.pod.kind);
    c["chip"] = cluster.chip.id;
    c["counts"] = countsJson(topology, cluster);
    doc["cluster"] = c;

    Json jobs = Json::array();
    for (std::size_t j = 0; j < project.jobs.size(); ++j) {
        const Job& job = project.jobs[j];
        Json out;
        out["name"] = job.name;
        out["chips"] = placements[j].chips();
        Json slices = Json::array();
        for (const auto& slice : placements[j].slices)
            slices.push_back(sliceJson(slice, cluster));
        out["slices"] = slices;
        jobs.push_back(out);
    }
    doc["jobs"] = jobs;
    return doc.dump(2) + "\n";
}

} // namespace podplanner::model
