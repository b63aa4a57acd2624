#pragma once
// An InfraGraph document with its slice notation ("xpu[0:8]") and edge schemes expanded:
// every edge joins one component index of one instance index to another (internal to
// model/interop).
#include "core/json_reader.h"

#include <string>
#include <vector>

namespace podplanner::model::interop {

struct IgComponent {
    std::string name, choice, type, description, pointer;
    int count = 0;
};

struct IgLink {
    std::string name, description, pointer;
    double gbitS = 0; // 0: not given
};

struct IgEnd {
    int component = 0;
    int index = 0;
};

struct IgDeviceEdge {
    IgEnd a, b;
    int link = -1; // into the device's links
};

struct IgDevice {
    std::string name, description, pointer;
    std::vector<IgComponent> components;
    std::vector<IgLink> links;
    std::vector<IgDeviceEdge> edges;
    int component(const std::string& name) const; // -1 when absent
    int count(const std::string& choice) const;   // components of this choice
};

struct IgInstance {
    std::string name, pointer;
    int device = 0;
    int count = 0;
};

struct IgPoint {
    int instance = 0, index = 0; // instance and its copy
    IgEnd end;                   // component of the instance's device
};

struct IgEdge {
    IgPoint a, b;
    int link = -1; // into the infrastructure's links
    std::string pointer;
};

struct IgGraph {
    std::string name, description;
    std::vector<IgDevice> devices;
    std::vector<IgLink> links;
    std::vector<IgInstance> instances;
    std::vector<IgEdge> edges;
};

// Throws InputError with the pointer of what it cannot read.
IgGraph readInfraGraph(const Json& document);

} // namespace podplanner::model::interop
