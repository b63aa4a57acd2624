#pragma once
// Which OpenGL renderer will draw the windows, asked once at start from a throwaway context.
#include <QString>

namespace podplanner::app {

// GL_RENDERER, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)"; empty when no context could be made.
QString openGlRenderer();

// Software rasterisers (Mesa's llvmpipe and softpipe, SwiftShader) pay dearly for
// multisampling: smooth edges are off by default there (docs/scene.md, "Limits").
bool isSoftwareRenderer(const QString& renderer);

} // namespace podplanner::app
