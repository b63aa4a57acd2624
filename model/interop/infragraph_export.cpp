// A PodPlanner cluster -> an InfraGraph document: one node (or cube) device with its xpus,
// their NVLink switch (or torus ICI links), hosts and NICs; a switch device; instances; and an
// edge per cable, wired as model/topology/topology.cpp builds the fat-tree.
#include "interop/infragraph.h"

#include "core/json_reader.h"

namespace podplanner::model::interop {

namespace {

Json component(const std::string& name, const std::string& choice, int count,
               const std::string& description) {
    Json c = {{"name", name}, {"description", description}, {"count", count}, {"choice", choice}};
    c[choice] = Json::object();
    return c;
}

Json link(const std::string& name, const std::string& description, double gbitS) {
    Json l = {{"name", name}, {"description", description}};
    if (gbitS > 0)
        l["physical"] = {
            {"bandwidth", {{"choice", "gigabits_per_second"}, {"gigabits_per_second", gbitS}}}};
    return l;
}

Json deviceEdge(const std::string& a, const std::string& b, const std::string& scheme,
                const std::string& l) {
    return {
        {"ep1", {{"component", a}}}, {"ep2", {{"component", b}}}, {"scheme", scheme}, {"link", l}};
}

Json edge(const std::string& ia, const std::string& ca, const std::string& ib,
          const std::string& cb, const std::string& l) {
    return {{"ep1", {{"instance", ia}, {"component", ca}}},
            {"ep2", {{"instance", ib}, {"component", cb}}},
            {"scheme", "one2one"},
            {"link", l}};
}

std::string at(const std::string& name, std::int64_t i) {
    return name + "[" + std::to_string(i) + "]";
}

void exportGpu(const ClusterSpec& c, Json& doc) {
    const PodSpec& p = c.pod;
    const int g = p.gpusPerNode;
    Json node = {{"name", "node"},
                 {"description", std::to_string(g) + " x " + c.chip.name +
                                     " on one NVLink "
                                     "switch"}};
    node["components"] = {component("xpu", "xpu", g, c.chip.name),
                          component("nvsw", "switch", 1, "NVLink switch"),
                          component("nic", "nic", g, "one NIC per GPU")};
    node["links"] = {link("nvlink", "NVLink", c.chip.nvlinkGbyteS * 8),
                     link("pcie", "PCIe, GPU to its NIC", 0)};
    node["edges"] = {deviceEdge("xpu", "nvsw", "many2many", "nvlink"),
                     deviceEdge("xpu", "nic", "one2one", "pcie")};
    Json sw = {{"name", "switch"}, {"description", "leaf or spine switch"}};
    sw["components"] = {component("asic", "cpu", 1, "switch ASIC"),
                        component("port", "port", p.leafRadix, "switch port")};
    sw["links"] = {link("ic", "integrated circuitry", 0)};
    sw["edges"] = {deviceEdge("asic", "port", "many2many", "ic")};
    doc["devices"] = {node, sw};
    const double nicGbit = c.chip.dcnGbitS;
    doc["links"] = {link("nic_leaf", "node NIC to leaf", nicGbit),
                    link("leaf_spine", "leaf to spine", nicGbit)};
    const int pods = c.podCount();
    const int down = p.leafDownPorts(), up = p.leafUpPorts();
    const std::int64_t leaves = p.leafSwitches(), spines = p.spineSwitches();
    doc["instances"] = {{{"name", "node"}, {"device", "node"}, {"count", p.nodes * pods}},
                        {{"name", "leaf"}, {"device", "switch"}, {"count", leaves * pods}},
                        {{"name", "spine"}, {"device", "switch"}, {"count", spines * pods}}};
    Json edges = Json::array();
    const std::int64_t spinesPerLeaf = std::min<std::int64_t>(up, spines);
    for (int pod = 0; pod < pods; ++pod) {
        std::vector<int> leafPort(static_cast<std::size_t>(leaves), 0);
        std::vector<int> spinePort(static_cast<std::size_t>(spines), 0);
        for (int n = 0; n < p.nodes; ++n)
            for (int i = 0; i < g; ++i) {
                const std::int64_t l =
                    p.railOptimized ? (n / down) * g + i : (std::int64_t{n} * g + i) / down;
                edges.push_back(edge(at("node", std::int64_t{pod} * p.nodes + n), at("nic", i),
                                     at("leaf", pod * leaves + l),
                                     at("port", leafPort[static_cast<std::size_t>(l)]++),
                                     "nic_leaf"));
            }
        for (std::int64_t l = 0; l < leaves; ++l)
            for (int u = 0; u < up; ++u) {
                const std::int64_t s = (l * spinesPerLeaf + u % spinesPerLeaf) % spines;
                if (spinePort[static_cast<std::size_t>(s)] >= p.leafRadix)
                    continue; // a spine's ports are full: PodPlanner pools the rest
                edges.push_back(edge(at("leaf", pod * leaves + l), at("port", down + u),
                                     at("spine", pod * spines + s),
                                     at("port", spinePort[static_cast<std::size_t>(s)]++),
                                     "leaf_spine"));
            }
    }
    doc["edges"] = edges;
}

void exportTpu(const ClusterSpec& c, Json& doc) {
    const PodSpec& p = c.pod;
    const bool cube = p.kind == PodKind::Tpu3d;
    const int x = cube ? p.cube[0] : p.shape2d[0];
    const int y = cube ? p.cube[1] : p.shape2d[1];
    const int z = cube ? p.cube[2] : 1;
    const int chips = x * y * z;
    const int hosts = chips / p.chipsPerHost;
    // append(), not "x" + std::to_string(): GCC 12 at -O3 warns falsely (-Wrestrict) on that.
    std::string description = std::to_string(x);
    description.append("x").append(std::to_string(y));
    if (cube)
        description.append("x").append(std::to_string(z));
    description.append(" torus of ").append(c.chip.name);
    Json unit = {{"name", cube ? "cube" : "slice"}, {"description", description}};
    unit["components"] = {component("xpu", "xpu", chips, c.chip.name),
                          component("host", "cpu", hosts, "host CPU"),
                          component("nic", "nic", hosts, "host NIC")};
    unit["links"] = {link("ici", "ICI", c.chip.iciLinkGbyteS * 8), link("pcie", "PCIe", 0)};
    Json edges = Json::array();
    auto idx = [&](int i, int j, int k) { return i + j * x + k * x * y; };
    for (int k = 0; k < z; ++k)
        for (int j = 0; j < y; ++j)
            for (int i = 0; i < x; ++i) {
                const int dims[3] = {x, y, z};
                const int c3[3] = {i, j, k};
                for (int axis = 0; axis < 3; ++axis) {
                    if (dims[axis] == 1 || (dims[axis] == 2 && c3[axis] == 1))
                        continue;
                    int n[3] = {i, j, k};
                    n[axis] = (n[axis] + 1) % dims[axis];
                    Json e = deviceEdge(at("xpu", idx(i, j, k)), at("xpu", idx(n[0], n[1], n[2])),
                                        "one2one", "ici");
                    edges.push_back(e);
                }
            }
    const auto block = p.hostBlock();
    for (int k = 0; k < z; ++k)
        for (int j = 0; j < y; ++j)
            for (int i = 0; i < x; ++i) {
                const int perRow = x / block[0];
                const int h = ((k * (y / block[1])) + j / block[1]) * perRow + i / block[0];
                edges.push_back(
                    deviceEdge(at("host", h), at("xpu", idx(i, j, k)), "one2one", "pcie"));
            }
    edges.push_back(deviceEdge("host", "nic", "one2one", "pcie"));
    unit["edges"] = edges;
    doc["devices"] = {unit};
    doc["links"] = Json::array();
    const int units = cube ? p.cubes * c.podCount() : c.podCount();
    doc["instances"] = {{{"name", unit["name"]}, {"device", unit["name"]}, {"count", units}}};
    doc["edges"] = Json::array();
}

} // namespace

std::string exportInfraGraph(const Project& project) {
    const ClusterSpec& c = project.cluster;
    Json doc = {{"name", c.id},
                {"description", c.name + " (written by podplanner export --to infragraph)"}};
    if (c.pod.kind == PodKind::GpuFatTree) {
        exportGpu(c, doc);
        doc["description"] = doc["description"].get<std::string>() +
                             "; pods are not joined (PodPlanner's DCN between pods has no "
                             "switches)";
    } else {
        exportTpu(c, doc);
        doc["description"] = doc["description"].get<std::string>() +
                             "; the optical circuit switches and the DCN are not written "
                             "(InfraGraph blueprints have no OCS); each cube is a torus with "
                             "wraparound, as in InfraGraph's Ironwood rack";
    }
    return doc.dump(2) + "\n";
}

} // namespace podplanner::model::interop
