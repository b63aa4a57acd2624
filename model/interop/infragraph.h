#pragma once
// InfraGraph ("infrastructure as a graph", github.com/Keysight/infragraph, schema/*.yaml at
// 2701fa5) <-> a PodPlanner cluster. Import reads devices, their components, links and edges,
// instances and the edges between them, and maps GPU nodes (with their NVLink domain) and
// leaf/spine switch tiers to a gpu-fat-tree pod, or a device whose xpus form a torus to a TPU
// pod; what has no PodPlanner counterpart is refused with its JSON pointer. JSON or YAML (as
// InfraGraph publishes its blueprints). Export writes a cluster back as such a document.
#include "project/project.h"

#include <string>
#include <vector>

namespace podplanner::model::interop {

struct InfraGraphOptions {
    std::string chip; // built-in chip id for the xpus, when their description names none
    std::string name; // project name (default: the document's)
};

struct InfraGraphImport {
    std::string name;
    std::string clusterJson; // the project's "cluster" value
    std::vector<std::string> notes;
};

// `path` only decides whether the text is YAML (refused). Throws InputError.
InfraGraphImport importInfraGraph(const std::string& text, const std::string& path,
                                  const InfraGraphOptions& options);

// A project with this cluster and no jobs; or `project` with its cluster replaced (its jobs
// must still fit). Throw InputError.
Project projectFromCluster(const std::string& name, const std::string& clusterJson);
Project withCluster(const Project& project, const std::string& clusterJson);

// The project's cluster as an InfraGraph document (JSON).
std::string exportInfraGraph(const Project& project);

} // namespace podplanner::model::interop
