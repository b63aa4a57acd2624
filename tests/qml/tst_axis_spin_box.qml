import QtQuick
import QtTest
import PodPlanner.Views
import PodPlanner.Panels

// A mesh axis spin box steps through the divisors of the job's chips, and each step is an edit
// of the document (undoable).
TestCase {
    id: test
    name: "AxisSpinBox"
    when: windowShown
    width: 400
    height: 200

    ProjectDocument { id: doc }
    Component {
        id: boxComponent
        AxisSpinBox { document: doc; axis: "tp"; width: 300 }
    }

    function init() {
        verify(doc.load(sourceDir + "/resources/examples/ironwood-shared.podplanner"))
    }

    function test_offersOnlyDivisorsAndEdits() {
        const box = createTemporaryObject(boxComponent, test)
        verify(box)
        compare(box.choices.length, 12) // 2048 = 2^11: 1, 2, 4, ..., 2048
        for (const v of box.choices)
            compare(2048 % v, 0)
        const spin = findChild(box, "axis_tp")
        compare(spin.displayText, "8")
        spin.forceActiveFocus()
        keyClick(Qt.Key_Up)
        tryCompare(doc.jobSettings, "tp", 16)
        compare(spin.displayText, "16")
        verify(doc.canUndo)
        doc.undo()
        tryCompare(spin, "displayText", "8")
    }

    function test_microbatchesAreAnyCount() {
        const box = createTemporaryObject(boxComponent, test, { axis: "microbatches" })
        compare(box.choices.length, 512)
        compare(box.choices[2], 3)
    }
}
