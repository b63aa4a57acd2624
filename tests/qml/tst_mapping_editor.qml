import QtQuick
import QtTest
import PodPlanner.Views
import PodPlanner.Panels

// The mapping editor shows where each mesh axis of the job is laid, and typing physical axes
// into a field and pressing Enter lays it there (the others made automatic when they no longer
// fit); a place that cannot hold the axis is refused with the engine's reason.
TestCase {
    id: test
    name: "MappingEditor"
    when: windowShown
    width: 400
    height: 300

    ProjectDocument { id: doc }
    Component {
        id: editorComponent
        MappingEditor { document: doc; width: 380 }
    }

    function init() {
        verify(doc.load(sourceDir + "/resources/examples/ironwood-shared.podplanner"))
    }

    function test_showsAndEditsTheMapping() {
        const editor = createTemporaryObject(editorComponent, test)
        const tp = findChild(editor, "mapping_tp")
        const fsdp = findChild(editor, "mapping_fsdp")
        compare(tp.text, "x")
        compare(fsdp.text, "y z")
        verify(!findChild(editor, "mapping_pp").visible) // pp is 1: nothing to lay
        tp.forceActiveFocus()
        tp.selectAll()
        keyClick(Qt.Key_Y)
        keyClick(Qt.Key_Return)
        tryCompare(tp, "text", "y")
        tryCompare(fsdp, "text", "") // made automatic
        compare(doc.jobSettings.mapping.tp[0], "y")
    }

    function test_refusesWhatCannotFit() {
        const editor = createTemporaryObject(editorComponent, test)
        verify(!doc.setMeshMapping(0, "tp", ["wan"]))
        verify(doc.errorText.indexOf("/jobs/0/parallelism/mapping") >= 0)
        compare(findChild(editor, "mapping_tp").text, "x")
    }
}
